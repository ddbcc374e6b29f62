import { FACE_CHALLENGE_FAILS_PER_SESSION } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** A live check's row outcome when it ended without a verdict: the socket closed, or another check replaced it. */
export const ABANDONED = 'abandoned';
/** A check the engine answered busy at its end: the school's load, not the student's try. */
export const ENGINE_BUSY = 'busy';

/** The department's open session, or null: a live check belongs to one, so its tries are counted per session. */
export async function openSessionOf(deps: Pick<Deps, 'db'>, student: AuthUser): Promise<number | null> {
  if (!student.department_id) return null;
  const row = await deps.db
    .selectFrom('geofence_sessions')
    .select('id')
    .where('department_id', '=', student.department_id)
    .where('ended_at', 'is', null)
    .orderBy('started_at', 'desc')
    .executeTakeFirst();
  return row?.id ?? null;
}

export interface FaceTries {
  started: number;
  /** ended with a refusal (not followed, not the enrolled face, a stream refused...) */
  failed: number;
  /** ended without a verdict: closed mid-check, or replaced by another start */
  abandoned: number;
}

/** One live check's row counted into its student's tries (a check the busy engine answered is the school's, not theirs). */
function countTry(tries: Map<number, FaceTries>, r: { user_id: number; outcome: string | null }) {
  if (r.outcome === ENGINE_BUSY) return;
  const t = tries.get(r.user_id) ?? { started: 0, failed: 0, abandoned: 0 };
  t.started++;
  if (r.outcome === ABANDONED) t.abandoned++;
  else if (r.outcome !== null && r.outcome !== 'accepted') t.failed++;
  tries.set(r.user_id, t);
}

/** Live face check tries per student in a session (the teacher's Students tab shows them beside the mark). */
export async function faceTriesBySession(db: Deps['db'], sessionId: number, studentId?: number): Promise<Map<number, FaceTries>> {
  let q = db.selectFrom('face_challenges').select(['user_id', 'outcome']).where('session_id', '=', sessionId);
  if (studentId !== undefined) q = q.where('user_id', '=', studentId);
  const out = new Map<number, FaceTries>();
  for (const r of await q.execute()) countTry(out, r);
  return out;
}

/** Sessions per query: well under either engine's limit on bound parameters. */
const SESSIONS_PER_QUERY = 500;

/**
 * Live face check tries of many sessions, by session then student, for the admin's detail rows and CSV (beside each
 * record, as the teacher sees them beside the mark). `studentIds`: only theirs (a pair's detail); every student's
 * without. Sessions without a try are absent.
 */
export async function faceTriesOfSessions(db: Deps['db'], sessionIds: number[], studentIds?: number[]): Promise<Map<number, Map<number, FaceTries>>> {
  const out = new Map<number, Map<number, FaceTries>>();
  const ids = [...new Set(sessionIds)];
  for (let i = 0; i < ids.length; i += SESSIONS_PER_QUERY) {
    let q = db
      .selectFrom('face_challenges')
      .select(['session_id', 'user_id', 'outcome'])
      .where('session_id', 'in', ids.slice(i, i + SESSIONS_PER_QUERY));
    if (studentIds) q = q.where('user_id', 'in', studentIds.length ? studentIds : [0]);
    for (const r of await q.execute()) {
      if (r.session_id === null) continue;
      const tries = out.get(r.session_id) ?? new Map<number, FaceTries>();
      countTry(tries, r);
      if (tries.size) out.set(r.session_id, tries);
    }
  }
  return out;
}

/**
 * With the challenge on, a face check is made only live (issue 33): the REST and tRPC doors that took a challenge
 * and an upload answer 409 naming the stream, so no proof is earned by a clip chosen after its steps were known.
 */
export function refuseUploadWhenLive(deps: Pick<Deps, 'config'>): void {
  if (deps.config.faceChallenge) throw new DomainError('CONFLICT', MSG.faceChallenge.liveOnly, { errorCode: 'live_check_required' });
}

/** POST /api/face-challenge: with the challenge off, no steps (the blink-only upload); on, 409 (the live check). */
export function issueChallenge(deps: Pick<Deps, 'config'>): { challenge_id: null; steps: []; expires_in: 0 } {
  refuseUploadWhenLive(deps);
  return { challenge_id: null, steps: [], expires_in: 0 };
}

/**
 * Refuses a new live check once the student has used the session's tries. A check still open counts as used: the
 * new start is about to end it as abandoned.
 */
export async function checkTriesLeft(db: Deps['db'], studentId: number, sessionId: number): Promise<void> {
  if ((await usedTries(db, studentId, sessionId)) >= FACE_CHALLENGE_FAILS_PER_SESSION) throw outOfTries();
}

/** The student's tries of the session used so far: failed, abandoned, or still open (not accepted, not the engine's). */
async function usedTries(db: Deps['db'], studentId: number, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('face_challenges')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', studentId)
    .where('session_id', '=', sessionId)
    .where((eb) => eb.or([eb('outcome', 'is', null), eb('outcome', 'not in', ['accepted', ENGINE_BUSY])]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The refusal of a student out of tries (429 challenge_limit), at the face check's start or the geofence step. */
export const outOfTries = () =>
  new DomainError('TOO_MANY_REQUESTS', MSG.faceChallenge.tooManyFailed(FACE_CHALLENGE_FAILS_PER_SESSION), { errorCode: 'challenge_limit' });

/**
 * Issue 36: the live face check's tries the student has left in the session (the banner and the face page say it
 * before the first one); null with the challenge off (the blink-only upload counts no tries).
 */
export async function faceTriesLeft(deps: Pick<Deps, 'db' | 'config'>, studentId: number, sessionId: number): Promise<number | null> {
  if (!deps.config.faceChallenge) return null;
  return Math.max(0, FACE_CHALLENGE_FAILS_PER_SESSION - (await usedTries(deps.db, studentId, sessionId)));
}

/**
 * Ends the check's row with its outcome. Returns false when it was already ended (another start replaced it, on
 * this node or another): that check's verdict is then not stored, and its student is told it was cancelled.
 */
export async function settleChallenge(deps: Pick<Deps, 'db' | 'clock'>, id: string, outcome: string): Promise<boolean> {
  const taken = await deps.db
    .updateTable('face_challenges')
    .set({ used_at: deps.clock.now().toISOString(), outcome: outcome.slice(0, 64) })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(taken.numUpdatedRows) > 0;
}
