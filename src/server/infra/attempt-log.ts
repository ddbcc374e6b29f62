import type { DB } from '../db/connect';
import type { Insertable } from 'kysely';
import type { AttendanceAttemptsTable } from '../db/schema';
import { logger } from '../lib/logger';

export type AttemptRow = Insertable<AttendanceAttemptsTable>;

const FLUSH_CHUNK = 25;

/**
 * Audit log of mark attempts. Geofence checks come in bursts at class start, one write each would dominate their
 * cost, so they are buffered and written together every `flushMs`, in a few multi-row inserts. Refusals that matter
 * for security are written at once by their caller with `writeNow`.
 */
export function createAttemptLog(db: DB, flushMs = 200) {
  let buffer: AttemptRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  /** the writes under way: a flush resolves only once every row recorded before it is stored */
  let writing: Promise<void> = Promise.resolve();

  function flush(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const rows = buffer;
    buffer = [];
    // after the timer's write still under way (PostgreSQL takes a few round trips): a shutdown or a reader that
    // flushes must not find that write unfinished
    writing = writing.then(() => write(rows));
    return writing;
  }

  async function write(rows: AttemptRow[]) {
    if (!rows.length) return;
    try {
      // Small fixed-size chunks: each is one cached statement and other queries run between them.
      for (let i = 0; i < rows.length; i += FLUSH_CHUNK)
        await db
          .insertInto('attendance_attempts')
          .values(rows.slice(i, i + FLUSH_CHUNK))
          .execute();
    } catch (err) {
      logger.error({ err }, 'attempts: could not write the audit log');
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
