import { isLateMark } from '@shared/attendance/attendance-status';
import { MSG } from '@shared/messages';
import type { TDecideReviewInput } from '@shared/schemas/attendance/review';
import type { AuthUser } from '@server/auth/authenticate';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { removeSpentStills, reviewStillUrls } from '@server/services/faces/index';
import { campusNetworksSet } from '../settings/campus-networks';
import { lockSessionMarks, refreshSessionFlags } from '../mark-flags/session-flags';
import { reviewEvidence } from './review-evidence';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions' | 'attempts' | 'urls'>;

/**
 * The open review requests of the caller's running sessions (an admin's: of every running session), oldest first,
 * each with the evidence the server kept. A student marked since they asked drops out (their record says it all).
 */
export async function reviewQueue(deps: Deps, caller: AuthUser) {
  await deps.sessions.sweepIfDue();
  let q = deps.db
    .selectFrom('review_requests as q')
    .innerJoin('geofence_sessions as s', 's.id', 'q.session_id')
    .innerJoin('users as u', 'u.id', 'q.student_id')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 'q.session_id').onRef('r.student_id', '=', 'q.student_id'))
    .select(['q.id', 'q.requested_at', 'q.session_id', 'u.id as student_id', 'u.username', 'u.email'])
    .select(['s.radius_m', 's.room_code_secret', 's.started_at'])
    .where('q.status', '=', 'open')
    .where('s.ended_at', 'is', null)
    .where('r.id', 'is', null);
  if (caller.role !== 'admin') q = q.where('s.teacher_id', '=', caller.id).where('s.department_id', '=', caller.department_id ?? -1);
  const rows = await q.orderBy('q.requested_at').orderBy('q.id').execute();
  if (!rows.length) return { requests: [] };
  await deps.attempts.flush();
  const requests = [];
  for (const sessionId of new Set(rows.map((r) => r.session_id))) {
    const of = rows.filter((r) => r.session_id === sessionId);
    const [first] = of;
    const session = { id: sessionId, radius_m: first.radius_m, room_code: first.room_code_secret !== null, started_at: first.started_at };
    const evidence = await reviewEvidence(
      deps.db,
      session,
      of.map((r) => r.student_id),
    );
    const stills = await reviewStillUrls(
      deps,
      sessionId,
      of.map((r) => r.student_id),
    );
    for (const r of of)
      requests.push({
        id: r.id,
        session_id: r.session_id,
        requested_at: r.requested_at,
        room_code_asked: session.room_code,
        student: { id: r.student_id, username: r.username, email: r.email },
        evidence: evidence.get(r.student_id)!,
        /** the last refused face check's best frame, signed and short-lived; null when none was kept */
        still_url: stills.get(r.student_id) ?? null,
      });
  }
  return { requests };
}

/**
 * The teacher's one tap: mark the student (a normal record, present or late by when they asked, marked by the
 * teacher and saying 'reviewed by the teacher') or decline. Only the session's own teacher, in their department, or an
 * admin decides; the request's close and the record are written in one transaction, the close conditional on the
 * request being open, so two taps (or the session's end at that instant) cannot both win.
 */
export async function decideReview(deps: Deps, caller: AuthUser, input: TDecideReviewInput) {
  const request = await deps.db
    .selectFrom('review_requests as q')
    .innerJoin('geofence_sessions as s', 's.id', 'q.session_id')
    .innerJoin('users as u', 'u.id', 'q.student_id')
    .select(['q.id', 'q.student_id', 'q.session_id', 'q.requested_at', 'u.username'])
    .select(['s.teacher_id', 's.department_id', 's.started_at', 's.late_after_minutes'])
    .where('q.id', '=', input.request_id)
    .executeTakeFirst();
  if (!request) throw new DomainError('NOT_FOUND', MSG.review.notFound);
  const own = request.teacher_id === caller.id && request.department_id === caller.department_id;
  if (caller.role !== 'admin' && !own) throw new DomainError('FORBIDDEN', MSG.review.notYourSession);
  // The session may be past its end: the sweep closes it (and this request) before the decision is read.
  await deps.sessions.sweepIfDue();
  // read before the transaction: on SQLite a query outside it would wait for the one connection it holds
  const sameAddress = !(await campusNetworksSet(deps));
  const at = deps.clock.now();
  const now = at.toISOString();
  const status = input.decision === 'mark' ? ('marked' as const) : ('declined' as const);
  const outcome = await deps.db.transaction().execute(async (trx) => {
    if (status === 'marked') await lockSessionMarks(trx, request.session_id);
    const closed = await trx
      .updateTable('review_requests')
      .set({ status, decided_by: caller.id, decided_at: now })
      .where('id', '=', request.id)
      .where('status', '=', 'open')
      .executeTakeFirst();
    if (Number(closed.numUpdatedRows) !== 1) return 'closed' as const;
    if (status === 'declined') return 'declined' as const;
    const inserted = await trx
      .insertInto('attendance_records')
      .values({
        session_id: request.session_id,
        student_id: request.student_id,
        // When they asked, not when the teacher looked: a student refused on time is not late for the queue's wait.
        status: isLateMark(request.started_at, request.late_after_minutes, new Date(request.requested_at)) ? 'late' : 'present',
        marked_at: now,
        manual_override: 0,
        reviewed: 1,
        marked_by: caller.id,
        updated_at: now,
      })
      .onConflict((oc) => oc.columns(['session_id', 'student_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) !== 1)
      throw new DomainError('CONFLICT', MSG.review.studentAlreadyMarked, { errorCode: 'already_marked' });
    await refreshSessionFlags(trx, request.session_id, at, { sameAddress });
    return 'marked' as const;
  });
  await removeSpentStills(deps);
  if (outcome === 'closed') throw new DomainError('CONFLICT', MSG.review.alreadyDecided, { errorCode: 'review_closed' });
  const message = outcome === 'marked' ? MSG.review.marked(request.username) : MSG.review.declinedToast(request.username);
  return { success: true as const, status: outcome, message };
}

/**
 * Closes as 'resolved' the session's open review requests whose student now has a record in it (their own mark on a
 * retry, the teacher's manual or bulk mark): a request answered another way is no longer waiting, and must not count
 * as left to expire in the admin's rates. Called in the transaction that wrote the mark, so the two move together;
 * `decidedBy` is the teacher who marked, null for the student's own mark.
 */
export async function resolveMarkedRequests(trx: Transaction<Database> | Kysely<Database>, sessionId: number, decidedAt: string, decidedBy: number | null) {
  await trx
    .updateTable('review_requests')
    .set({ status: 'resolved', decided_at: decidedAt, decided_by: decidedBy })
    .where('session_id', '=', sessionId)
    .where('status', '=', 'open')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('attendance_records as r')
          .select('r.id')
          .whereRef('r.session_id', '=', 'review_requests.session_id')
          .whereRef('r.student_id', '=', 'review_requests.student_id'),
      ),
    )
    .execute();
}
