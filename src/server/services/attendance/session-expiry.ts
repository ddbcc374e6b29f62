import type { Kysely, Transaction } from 'kysely';
import type { DB } from '@server/db/connect';
import type { Database, GeofenceSession } from '@server/db/schema';
import { absenceStatusOn, sessionDay } from './leave/leave-excusal';
import type { Clock } from '@server/lib/clock';
import { unmarkedStudents } from './unmarked-students';
import { createTicker } from '@server/infra/ticker';

/**
 * Closes a session and marks every active student of its department who has no record for it absent, marked by
 * the system (marked_by null); a student with approved leave for the session's day is marked excused instead; its open review requests expire. Returns how many were marked absent, or null when the session was already closed
 * (by another request or another node) or, for an expiry, extended since it was read: only the call that closes it writes the absentees.
 */
export async function finalizeSession(trx: Transaction<Database> | Kysely<Database>, session: GeofenceSession, reason: 'manual' | 'expired', now: Date) {
  const endedAt = reason === 'expired' ? session.ends_at : now.toISOString();
  const closed = await trx
    .updateTable('geofence_sessions')
    .set({ ended_at: endedAt, end_reason: reason })
    .where('id', '=', session.id)
    .where('ended_at', 'is', null)
    // Issue 36: an expiry closes the end it read; a session extended since (on any node) runs on.
    .$if(reason === 'expired', (q) => q.where('ends_at', '=', session.ends_at))
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0) return null;
  // Issue 39: review requests close with their session; the students they leave unmarked are absent like the rest.
  await trx
    .updateTable('review_requests')
    .set({ status: 'expired', decided_at: endedAt })
    .where('session_id', '=', session.id)
    .where('status', '=', 'open')
    .execute();
  const result = await trx
    .insertInto('attendance_records')
    .columns(['session_id', 'student_id', 'status', 'marked_at', 'manual_override', 'updated_at'])
    .expression(
      unmarkedStudents(trx, session).select((s) => [
        s.val(session.id).as('session_id'),
        'users.id as student_id',
        absenceStatusOn(sessionDay(session)).as('status'),
        s.val(endedAt).as('marked_at'),
        s.val(0).as('manual_override'),
        s.val(endedAt).as('updated_at'),
      ]),
    )
    // A student marking present on another node at this instant keeps their record.
    .onConflict((oc) => oc.columns(['session_id', 'student_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

export interface SessionSweeper {
  /** Ends every open session whose end time has passed, reading the table now. Returns how many this call ended. */
  sweep(): Promise<number>;
  /**
   * What reads call first: sweeps unless the table was read less than a tick ago and nothing known is due. A
   * session written by another node or a script is seen within one tick.
   */
  sweepIfDue(): Promise<number>;
  /** A session was started here: a read after its end sweeps without waiting for the tick. */
  noteEnd(endsAt: Date): void;
  /** Sweeps every `everyMs` until stop(); returns stop. */
  start(everyMs?: number): () => void;
  stop(): void;
}

/**
 * The one owner of session expiry, built once per app in its deps. Every node may run it at once: a session is
 * closed by a conditional update in the same transaction as its absentees, so exactly one sweep ends it and marks
 * its absentees; the others see it closed and do nothing.
 */
export function createSessionSweeper(deps: { db: DB; clock: Clock; onEnded?: () => Promise<void> }, tickMs = 1000): SessionSweeper {
  let nextDueMs = Number.NEGATIVE_INFINITY;
  let readAtMs = Number.NEGATIVE_INFINITY;

  async function sweepNow() {
    const now = deps.clock.now();
    const due = await deps.db.selectFrom('geofence_sessions').selectAll().where('ended_at', 'is', null).where('ends_at', '<=', now.toISOString()).execute();
    let ended = 0;
    for (const session of due) {
      ended += await deps.db.transaction().execute(async (trx) => ((await finalizeSession(trx, session, 'expired', now)) === null ? 0 : 1));
    }
    // after the sessions' ends committed: what they leave behind on disk (issue 39's review stills)
    if (ended && deps.onEnded) await deps.onEnded();
    const next = await deps.db
      .selectFrom('geofence_sessions')
      .select((eb) => eb.fn.min('ends_at').as('ends_at'))
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    nextDueMs = next?.ends_at ? Date.parse(next.ends_at) : Number.POSITIVE_INFINITY;
    readAtMs = now.getTime();
    return ended;
  }

  // Concurrent callers on this node share one sweep (the ticker's run) rather than queueing identical queries.
  const ticker = createTicker('sessions: sweep', sweepNow, tickMs);
  const sweep = ticker.run;

  const sweeper: SessionSweeper = {
    sweep,
    sweepIfDue() {
      const nowMs = deps.clock.now().getTime();
      if (nowMs < nextDueMs && nowMs - readAtMs < tickMs) return Promise.resolve(0);
      return sweep();
    },
    noteEnd(endsAt) {
      nextDueMs = Math.min(nextDueMs, endsAt.getTime());
    },
    start: ticker.start,
    stop: ticker.stop,
  };
  return sweeper;
}
