import { MSG } from '@shared/messages';
import { type AuthUser, decidesFor } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db'>;

/** A student the caller decides for (their own department's, or anyone's for an admin), else NOT_FOUND or FORBIDDEN. */
async function studentFor(deps: Deps, caller: AuthUser, studentId: number) {
  const student = await deps.db.selectFrom('users').select(['id', 'role', 'department_id', 'guardian_email']).where('id', '=', studentId).executeTakeFirst();
  if (student?.role !== 'student') throw new DomainError('NOT_FOUND', MSG.attendance.studentNotFound);
  if (!decidesFor(caller, student)) throw new DomainError('FORBIDDEN', MSG.admin.updateForbidden);
  return student;
}

/** Issue 39: the address a student's warnings are copied to, for their teacher or an admin. */
export async function guardianEmailOf(deps: Deps, caller: AuthUser, studentId: number) {
  const student = await studentFor(deps, caller, studentId);
  return { student_id: student.id, guardian_email: student.guardian_email };
}

/** Sets (or, blank, removes) a student's guardian address; the student's teacher or an admin only. */
export async function setGuardianEmail(deps: Deps, caller: AuthUser, input: { student_id: number; guardian_email: string | null }) {
  await studentFor(deps, caller, input.student_id);
  await deps.db.updateTable('users').set({ guardian_email: input.guardian_email }).where('id', '=', input.student_id).execute();
  return { student_id: input.student_id, guardian_email: input.guardian_email, message: MSG.notices.guardianSaved };
}
