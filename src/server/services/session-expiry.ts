import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/connect';
import type { Database, GeofenceSession } from '../db/schema';
import type { AppDeps } from '../deps';

/**
 * Closes a session and marks every active student of its department who has no record for it absent, marked by
 * the system (marked_by null). Returns how many were marked absent.
 */
export async function finalizeSession(trx: Transaction<Database> | Kysely<Database>, session: GeofenceSession, reason: 'manual' | 'expired', now: Date) {
  const endedAt = reason === 'expired' ? session.ends_at : now.toISOString();
  const closed = await trx
    .updateTable('geofence_sessions')
    .set({ ended_at: endedAt, end_reason: reason })
    .where('id', '=', session.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (Number(closed.numUpdatedRows) === 0) return 0;
  const result = await trx
    .insertInto('attendance_records')
    .columns(['session_id', 'student_id', 'status', 'marked_at', 'manual_override', 'updated_at'])
    .expression((eb) =>
      eb
        .selectFrom('users')
        .select((s) => [
          s.val(session.id).as('session_id'),
          'users.id as student_id',
          s.val('absent').as('status'),
          s.val(endedAt).as('marked_at'),
          s.val(0).as('manual_override'),
          s.val(endedAt).as('updated_at'),
        ])
        .where('users.role', '=', 'student')
        .where('users.status', '=', 'active')
        .where('users.department_id', '=', session.department_id)
        .where((w) =>
          w.not(w.exists(w.selectFrom('attendance_records as r').select('r.id').where('r.session_id', '=', session.id).whereRef('r.student_id', '=', 'users.id'))),
        ),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/**
 * The earliest end time among open sessions, per database: reads skip the expiry query until then. Starting a
 * session lowers it (noteSessionEnd); each sweep recomputes it from the table.
 */
const nextDueMs = new WeakMap<DB, number>();

export function noteSessionEnd(db: DB, endsAt: Date) {
  nextDueMs.set(db, Math.min(nextDueMs.get(db) ?? Number.POSITIVE_INFINITY, endsAt.getTime()));
}

/** Ends every open session whose end time has passed: run on every read and by a timer, so no client is needed. */
export async function expireDueSessions(deps: { db: DB; clock: AppDeps['clock'] }) {
  const now = deps.clock.now();
  const known = nextDueMs.get(deps.db);
  if (known !== undefined && now.getTime() < known) return 0;
  const due = await deps.db
    .selectFrom('geofence_sessions')
    .selectAll()
    .where('ended_at', 'is', null)
    .where('ends_at', '<=', now.toISOString())
    .execute();
  for (const session of due) await deps.db.transaction().execute((trx) => finalizeSession(trx, session, 'expired', now));
  const next = await deps.db.selectFrom('geofence_sessions').select((eb) => eb.fn.min('ends_at').as('ends_at')).where('ended_at', 'is', null).executeTakeFirst();
  nextDueMs.set(deps.db, next?.ends_at ? Date.parse(next.ends_at) : Number.POSITIVE_INFINITY);
  return due.length;
}

/** Server-side sweeper so sessions end on time even when nobody is looking. */
export function startSessionSweeper(deps: { db: DB; clock: AppDeps['clock'] }, everyMs = 1000) {
  const timer = setInterval(() => {
    expireDueSessions(deps).catch((err) => console.error('[sessions] sweep failed', err));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
