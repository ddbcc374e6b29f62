import path from 'node:path';
import { MSG } from '@shared/messages';
import type { TLeaveRequestFields } from '@shared/schemas/attendance/leave';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { normalizeFaceImages, removeStoredImages, storeFaceImages, type UploadedFile } from '@server/services/faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

export const leaveDocumentPath = (requestId: number) => `/api/leave-documents/${requestId}`;

/** A document image is checked as the face photos are (size, pixels, a full decode) and stored re-encoded, EXIF gone. */
const DOCUMENT_TEXTS = { tooLarge: () => MSG.leave.documentTooLarge, tooManyPixels: () => MSG.leave.documentTooManyPixels, bad: () => MSG.leave.documentBad };

/**
 * A student's leave request, pending until their department's teacher decides. The document (optional) is kept
 * beside the student's face photos, so deleting the account removes it with them.
 */
export async function requestLeave(deps: Deps & Pick<AppDeps, 'imageDecodes'>, student: AuthUser, fields: TLeaveRequestFields, document: UploadedFile | null) {
  if (!student.department_id) throw new DomainError('VALIDATION', MSG.leave.noDepartment);
  const image = document ? (await normalizeFaceImages(deps, [document], DOCUMENT_TEXTS))[0] : null;
  const stored = image ? (await storeFaceImages(deps.config.uploadsDir, student.id, [image], 'leave-'))[0] : null;
  try {
    const row = await deps.db
      .insertInto('leave_requests')
      .values({ student_id: student.id, ...fields, document_path: stored, requested_at: deps.clock.now().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { success: true as const, id: row.id, message: MSG.leave.sent };
  } catch (err) {
    if (stored) await removeStoredImages(deps.config.uploadsDir, [stored]);
    throw err;
  }
}

/** A signed, short-lived URL of a request's document (an <img> cannot send the bearer header); null without one. */
export const documentUrl = (deps: Deps, r: { id: number; document_path: string | null }) =>
  r.document_path ? deps.urls.sign(leaveDocumentPath(r.id), deps.clock.now()) : null;

/** The student's own requests, newest first, each with its state and the teacher's note. */
export async function myLeaveRequests(deps: Deps, student: AuthUser) {
  const rows = await deps.db
    .selectFrom('leave_requests as l')
    .leftJoin('users as d', 'd.id', 'l.decided_by')
    .select(['l.id', 'l.from_date', 'l.to_date', 'l.reason', 'l.document_path', 'l.status', 'l.requested_at', 'l.decided_at', 'l.note'])
    .select('d.username as decided_by')
    .where('l.student_id', '=', student.id)
    .orderBy('l.requested_at', 'desc')
    .orderBy('l.id', 'desc')
    .execute();
  return rows.map(({ document_path, ...r }) => ({ ...r, document_url: documentUrl(deps, { id: r.id, document_path }) }));
}

/**
 * A student withdraws their own pending request: the teacher's pending list no longer shows it, the student's list
 * shows it withdrawn. Conditional on still pending, so a teacher deciding at the same moment and the student cannot
 * both win; someone else's request is "not found" (its existence is not the caller's business).
 */
export async function withdrawLeaveRequest(deps: Deps, student: AuthUser, input: { request_id: number }) {
  const now = deps.clock.now().toISOString();
  const done = await deps.db
    .updateTable('leave_requests')
    .set({ status: 'withdrawn', decided_by: student.id, decided_at: now })
    .where('id', '=', input.request_id)
    .where('student_id', '=', student.id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(done.numUpdatedRows) === 1) return { success: true as const, status: 'withdrawn' as const, message: MSG.leave.withdrawn };
  const row = await deps.db
    .selectFrom('leave_requests')
    .select('status')
    .where('id', '=', input.request_id)
    .where('student_id', '=', student.id)
    .executeTakeFirst();
  if (!row || row.status === 'pending') throw new DomainError('NOT_FOUND', MSG.leave.notFound);
  throw new DomainError('CONFLICT', MSG.leave.cannotWithdraw(row.status), { errorCode: 'leave_decided' });
}

/** The document file behind a signed URL; anything unsigned, expired or tampered is a 404. */
export async function resolveLeaveDocument(deps: Deps, requestId: number, exp?: string, sig?: string) {
  if (!deps.urls.verify(leaveDocumentPath(requestId), exp, sig, deps.clock.now())) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  const row = await deps.db.selectFrom('leave_requests').select('document_path').where('id', '=', requestId).executeTakeFirst();
  if (!row?.document_path) throw new DomainError('NOT_FOUND', MSG.server.notFound);
  return path.join(deps.config.uploadsDir, row.document_path);
}
