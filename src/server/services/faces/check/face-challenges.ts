import { FACE_CHALLENGE_FAILS_PER_SESSION, FACE_CHALLENGE_RETRY_SECONDS, FACE_CHALLENGE_TTL_SECONDS } from '../../../../shared/constants';
import type { ChallengeStep } from '../../../../shared/face/face-challenge';
import { MSG } from '../../../../shared/messages';
import type { AuthUser } from '../../../auth/authenticate';
import type { AppDeps } from '../../../deps';
import { DomainError } from '../../../lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'challengeSource'>;

/** The engine's reason for a clip that did not follow its challenge: what the per-session limit counts. */
export const CHALLENGE_NOT_FOLLOWED = 'challenge_not_followed';

/** The challenge as the page receives it; with FACE_CHALLENGE=off, no steps (the blink-only check). */
export interface IssuedChallenge {
  challenge_id: string | null;
  steps: ChallengeStep[];
  expires_in: number;
}

const refuse = (message: string, errorCode: string) => new DomainError('VALIDATION', message, { errorCode });

async function openSessionOf(deps: Deps, student: AuthUser) {
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

/** Challenges of this student in this session that the engine judged not followed. */
export async function failedChallenges(db: Deps['db'], studentId: number, sessionId: number): Promise<number> {
  const row = await db
    .selectFrom('face_challenges')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', studentId)
    .where('session_id', '=', sessionId)
    .where('outcome', '=', CHALLENGE_NOT_FOLLOWED)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Failed challenges per student in a session (the teacher's Students tab flags those out of tries). */
export async function failedChallengesBySession(db: Deps['db'], sessionId: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('face_challenges')
    .select(['user_id', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('session_id', '=', sessionId)
    .where('outcome', '=', CHALLENGE_NOT_FOLLOWED)
    .groupBy('user_id')
    .execute();
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

/**
 * Issues a fresh challenge to the student's login, asked for as the camera starts recording so the steps are seen only
 * then. Only while a session of the student's department is open: every challenge then belongs to a session, so the
 * per-session limit covers every try (a challenge issued before the session would be an unlimited try whose passing
 * proof could still be spent once the session opens). Past FACE_CHALLENGE_FAILS_PER_SESSION failed challenges in the
 * session no more are issued: a replayed recording matches one challenge in four, and the teacher (who sees the
 * student flagged) marks by hand instead.
 */
export async function issueChallenge(deps: Deps, student: AuthUser): Promise<IssuedChallenge> {
  if (!deps.config.faceChallenge) return { challenge_id: null, steps: [], expires_in: 0 };
  const sessionId = await openSessionOf(deps, student);
  if (sessionId === null) throw new DomainError('NOT_FOUND', MSG.attendance.noActiveSession, { errorCode: 'no_active_session' });
  if ((await failedChallenges(deps.db, student.id, sessionId)) >= FACE_CHALLENGE_FAILS_PER_SESSION) {
    throw new DomainError('TOO_MANY_REQUESTS', MSG.faceChallenge.tooManyFailed(FACE_CHALLENGE_FAILS_PER_SESSION), {
      errorCode: 'challenge_limit',
    });
  }
  const now = deps.clock.now();
  const challenge = { id: deps.challengeSource.id(), steps: deps.challengeSource.steps() };
  await deps.db
    .insertInto('face_challenges')
    .values({
      id: challenge.id,
      user_id: student.id,
      token_id: student.token_id,
      session_id: sessionId,
      steps: JSON.stringify(challenge.steps),
      issued_at: now.toISOString(),
      expires_at: new Date(now.getTime() + FACE_CHALLENGE_TTL_SECONDS * 1000).toISOString(),
    })
    .execute();
  return { challenge_id: challenge.id, steps: challenge.steps, expires_in: FACE_CHALLENGE_TTL_SECONDS };
}

/**
 * The steps the uploaded video must show, checked before anything is decoded: the challenge must be this login's,
 * unused, and its upload must arrive within its time (a retry after a busy answer may follow for a while). With the
 * challenge off the field is ignored and the blink-only check runs (null).
 */
export async function claimChallenge(deps: Deps, student: AuthUser, challengeId: string | undefined): Promise<{ id: string; steps: ChallengeStep[] } | null> {
  if (!deps.config.faceChallenge) return null;
  if (!challengeId) throw refuse(MSG.faceChallenge.missing, 'challenge_missing');
  const row = await deps.db
    .selectFrom('face_challenges')
    .select(['id', 'user_id', 'token_id', 'steps', 'expires_at', 'arrived_at', 'used_at'])
    .where('id', '=', challengeId)
    .executeTakeFirst();
  // Unknown and someone else's read alike: an id says nothing about whose it is.
  if (!row || row.user_id !== student.id || row.token_id !== student.token_id) throw refuse(MSG.faceChallenge.invalid, 'challenge_invalid');
  if (row.used_at) throw refuse(MSG.faceChallenge.used, 'challenge_used');
  const now = deps.clock.now();
  const deadline = row.arrived_at ? Date.parse(row.arrived_at) + FACE_CHALLENGE_RETRY_SECONDS * 1000 : Date.parse(row.expires_at);
  if (now.getTime() > deadline) throw refuse(MSG.faceChallenge.expired, 'challenge_expired');
  if (!row.arrived_at)
    await deps.db.updateTable('face_challenges').set({ arrived_at: now.toISOString() }).where('id', '=', row.id).where('arrived_at', 'is', null).execute();
  return { id: row.id, steps: JSON.parse(row.steps) as ChallengeStep[] };
}

/**
 * Spends the challenge on the engine's verdict (or a refused upload). A busy answer does not spend it. Returns false
 * when another request spent it first (the first verdict stands).
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
