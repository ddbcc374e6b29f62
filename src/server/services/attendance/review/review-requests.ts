import { REVIEW_OUTCOME_SHOWN_HOURS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import { uniqueViolationAs } from '@server/db/dialect';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { ENGINE_BUSY } from '@server/services/faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'sessions' | 'attempts'>;

/** The attempt log's outcomes that refused the student (a geofence step outside, or any refusal of either step). */
const refusedAttempt = (outcome: string) => outcome === 'geofence_invalid' || outcome.startsWith('refused_');

/** The open session of the student's department and, in the same query, their record in it if any. */
async function openSessionOf(deps: Deps, student: AuthUser) {
  if (!student.department_id) return undefined;
  await deps.sessions.sweepIfDue();
  return deps.db
    .selectFrom('geofence_sessions as s')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', student.id))
    .select(['s.id', 's.started_at', 'r.status as mark_status'])
    .where('s.department_id', '=', student.department_id)
    .where('s.ended_at', 'is', null)
    .orderBy('s.started_at', 'desc')
    .executeTakeFirst();
}

/**
 * Whether the server itself refused the student in this session: a logged step refused (outside, location too
 * imprecise, off campus, room code, final mark), a live face check that ended refused, or an uploaded one rejected
 * since the session began. What the page says about itself counts for nothing.
 */
async function wasRefused(db: DB, session: { id: number; started_at: string }, studentId: number) {
  const attempts = await db
    .selectFrom('attendance_attempts')
    .select('outcome')
    .where('session_id', '=', session.id)
    .where('student_id', '=', studentId)
    .execute();
  if (attempts.some((a) => refusedAttempt(a.outcome))) return true;
  const check = await db
    .selectFrom('face_challenges')
    .select('id')
    .where('session_id', '=', session.id)
    .where('user_id', '=', studentId)
    .where('outcome', 'is not', null)
    .where('outcome', 'not in', ['accepted', ENGINE_BUSY])
    .executeTakeFirst();
  if (check) return true;
  const upload = await db
    .selectFrom('face_verifications')
    .select('id')
    .where('user_id', '=', studentId)
    .where('verdict', '=', 'rejected')
    .where('created_at', '>=', session.started_at)
    .executeTakeFirst();
  return upload !== undefined;
}

/**
 * A refused student's 'I am in class: ask my teacher' (issue 39): only in the open session of their own department,
 * only after the server refused them in it, never once marked, and once per session (the table's unique key is the
 * bound: a declined student cannot ask again, so no one can flood the teacher's queue).
 */
export async function requestReview(deps: Deps, student: AuthUser) {
  const session = await openSessionOf(deps, student);
  if (!session) throw new DomainError('NOT_FOUND', MSG.review.noSession, { errorCode: 'no_session' });
  if (session.mark_status) throw new DomainError('CONFLICT', MSG.review.alreadyMarked, { errorCode: 'already_marked' });
  // A step's log line may still be in this node's buffer.
  await deps.attempts.flush();
  if (!(await wasRefused(deps.db, session, student.id))) throw new DomainError('CONFLICT', MSG.review.noRefusal, { errorCode: 'no_refusal' });
  const requested_at = deps.clock.now().toISOString();
  await deps.db
    .insertInto('review_requests')
    .values({ session_id: session.id, student_id: student.id, requested_at })
    .execute()
    .catch(uniqueViolationAs(() => new DomainError('CONFLICT', MSG.review.alreadyAsked, { errorCode: 'already_asked' })));
  return { success: true as const, status: 'open' as const, requested_at, message: MSG.review.sent };
}

/**
 * What the student's page shows: their request in the open session (or, with none open, their last one decided or
 * closed in the last hours, so the outcome is seen), and whether they may ask now.
 */
export async function myReviewRequest(deps: Deps, student: AuthUser) {
  const session = await openSessionOf(deps, student);
  const mine = deps.db
    .selectFrom('review_requests')
    .select(['status', 'requested_at', 'decided_at', 'session_id'])
    .where('student_id', '=', student.id)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc');
  if (session) {
    const request = (await mine.where('session_id', '=', session.id).executeTakeFirst()) ?? null;
    if (request || session.mark_status) return { request, can_request: false };
    await deps.attempts.flush();
    return { request: null, can_request: await wasRefused(deps.db, session, student.id) };
  }
  const since = new Date(deps.clock.now().getTime() - REVIEW_OUTCOME_SHOWN_HOURS * 3_600_000).toISOString();
  const last = await mine.where('decided_at', '>=', since).executeTakeFirst();
  return { request: last ?? null, can_request: false };
}
