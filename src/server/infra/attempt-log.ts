import type { DB } from '../db/connect';
import type { Insertable } from 'kysely';
import type { AttendanceAttemptsTable } from '../db/schema';

export type AttemptRow = Insertable<AttendanceAttemptsTable>;

const FLUSH_CHUNK = 25;

/**
 * Audit log of mark attempts. Geofence checks come in bursts at class start, one write each would dominate their
 * cost, so they are buffered and written together every `flushMs` (one transaction). Refusals that matter for
 * security are written at once by their caller with `writeNow`.
 */
export function createAttemptLog(db: DB, flushMs = 200) {
  let buffer: AttemptRow[] = [];
  let timer: NodeJS.Timeout | undefined;

  async function flush() {
    if (timer) clearTimeout(timer);
    timer = undefined;
    if (!buffer.length) return;
    const rows = buffer;
    buffer = [];
    try {
      // Small fixed-size chunks: each is one cached statement and other queries run between them.
      for (let i = 0; i < rows.length; i += FLUSH_CHUNK)
        await db
          .insertInto('attendance_attempts')
          .values(rows.slice(i, i + FLUSH_CHUNK))
          .execute();
    } catch (err) {
      console.error('[attempts] could not write the audit log', err);
    }
  }

  return {
    record(row: AttemptRow) {
      buffer.push(row);
      timer ??= setTimeout(() => void flush(), flushMs).unref();
    },
    writeNow: (row: AttemptRow) =>
      db
        .insertInto('attendance_attempts')
        .values(row)
        .execute()
        .then(() => undefined),
    flush,
  };
}

export type AttemptLog = ReturnType<typeof createAttemptLog>;
