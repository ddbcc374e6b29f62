import { type AuthUser, decidedForByCaller, decidesFor } from '@server/auth/authenticate';
import { MSG } from '@shared/messages';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { excuseAbsences } from './leave-excusal';
import { documentUrl } from './leave-requests';
import { queueNotice } from '@server/services/notices/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/** Pending leave requests, oldest first: the teacher's department's students, or everyone's for an admin. */
export async function pendingLeaveRequests(deps: Deps, caller: AuthUser) {
  const q = deps.db
    .selectFrom('leave_requests as l')
    .innerJoin('users as u', 'u.id', 'l.student_id')
    .leftJoin('departments as d', 'd.id', 'u.department_id')
    .select(['l.id', 'l.from_date', 'l.to_date', 'l.reason', 'l.document_path', 'l.requested_at'])
    .select(['u.id as student_id', 'u.username', 'u.email', 'd.name as department_name'])
    .where('l.status', '=', 'pending')
    .where('u.status', '=', 'active')
    .where(decidedForByCaller(caller));
  const rows = await q.orderBy('l.requested_at').orderBy('l.id').execute();
  return rows.map((r) => ({
    id: r.id,
    from_date: r.from_date,
    to_date: r.to_date,
    reason: r.reason,
    requested_at: r.requested_at,
    document_url: documentUrl(deps, r),
    student: { id: r.student_id, username: r.username, email: r.email, department: r.department_name },
  }));
}

/**
 * Approves or declines a pending request in one transaction; approval turns the student's absences in the range
 * into excused at once (later absences in it are written excused by the end of their session: leave-excusal.ts).
 */
export async function decideLeaveRequest(deps: Deps, caller: AuthUser, input: { request_id: number; decision: 'approve' | 'decline'; note: string | null }) {
  return deps.db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('leave_requests as l')
      .innerJoin('users as u', 'u.id', 'l.student_id')
      .select(['l.id', 'l.student_id', 'l.from_date', 'l.to_date', 'l.status', 'u.role', 'u.department_id'])
      .where('l.id', '=', input.request_id)
      .executeTakeFirst();
    if (!request) throw new DomainError('NOT_FOUND', MSG.leave.notFound);
    if (!decidesFor(caller, request)) throw new DomainError('FORBIDDEN', MSG.leave.forbidden);
    const now = deps.clock.now().toISOString();
    const status = input.decision === 'approve' ? ('approved' as const) : ('declined' as const);
    // Conditional on still pending, so two deciders at once cannot both win.
    const decided = await trx
      .updateTable('leave_requests')
      .set({ status, decided_by: caller.id, decided_at: now, note: input.note })
      .where('id', '=', request.id)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) !== 1) {
      // Read again: the student may have withdrawn it since the read above.
      const current = await trx.selectFrom('leave_requests').select('status').where('id', '=', request.id).executeTakeFirst();
      throw new DomainError('CONFLICT', current?.status === 'withdrawn' ? MSG.leave.withdrawnByStudent : MSG.leave.alreadyDecided, {
        errorCode: 'leave_decided',
      });
    }
    // The student hears of the decision (the bell; an email with SMTP set), committed with it.
    const notice = { kind: 'leave_decided', status, from_date: request.from_date, to_date: request.to_date, note: input.note } as const;
    await queueNotice(deps, trx, request.student_id, notice);
    if (status === 'declined') return { success: true as const, status, excused: 0, message: MSG.leave.declined };
    const excused = await excuseAbsences(trx, request.student_id, request.from_date, request.to_date, now);
    return { success: true as const, status, excused, message: MSG.leave.approved(excused) };
  });
}
