import type { DB } from '../db/connect';
import type { Clock } from '../lib/clock';

/** Releases a claim: call once the check has ended, however it ended. */
export type ReleaseClaim = () => Promise<void>;

/**
 * Claims the account's one face check slot (a face_checks_in_flight row, so every app node sees it), or answers
 * null while another check of the account holds it. A claim whose holder never released it (a node that died
 * mid-check) expires after `holdMs` and may then be taken over. One statement: an insert, or an update of an
 * expired row only, which reports whether it wrote.
 */
export async function claimFaceCheck(deps: { db: DB; clock: Clock }, userId: number, holdMs: number): Promise<ReleaseClaim | null> {
  const nowMs = deps.clock.now().getTime();
  const started_at = new Date(nowMs).toISOString();
  const claimed = await deps.db
    .insertInto('face_checks_in_flight')
    .values({ user_id: userId, started_at, expires_at: new Date(nowMs + holdMs).toISOString() })
    .onConflict((oc) =>
      oc
        .column('user_id')
        .doUpdateSet((eb) => ({ started_at: eb.ref('excluded.started_at'), expires_at: eb.ref('excluded.expires_at') }))
        .where('face_checks_in_flight.expires_at', '<=', started_at),
    )
    .returning('user_id')
    .executeTakeFirst();
  if (!claimed) return null;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    // Only this claim: one taken over after it expired belongs to a later check (its started_at is later).
    await deps.db.deleteFrom('face_checks_in_flight').where('user_id', '=', userId).where('started_at', '=', started_at).execute();
  };
}
