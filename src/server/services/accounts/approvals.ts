import { MSG } from '../../../shared/messages';
import type { AuthUser } from '../../auth/authenticate';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../lib/errors';
import { enrolledImagesByUser } from '../faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/** Pending students (never approved, not deactivated ones) grouped by department: a teacher sees their own department, an admin all of them. */
export async function pendingStudentsByDepartment(deps: Deps, caller: AuthUser) {
  let q = deps.db
    .selectFrom('users as u')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.username', 'u.email', 'u.phone_number', 'u.status', 'd.id as department_id', 'd.name as department_name'])
    .where('u.role', '=', 'student')
    .where('u.status', '=', 'pending');
  if (caller.role !== 'admin') q = q.where('u.department_id', '=', caller.department_id ?? -1);
  const rows = await q.orderBy('d.id').orderBy('u.created_at').execute();
  const images = await enrolledImagesByUser(
    deps,
    rows.map((r) => r.id),
  );
  type PendingStudent = Omit<(typeof rows)[number], 'department_id' | 'department_name'> & { images: string[] };
  const groups = new Map<number, { id: number; department_name: string; students: PendingStudent[] }>();
  for (const { department_id, department_name, ...student } of rows) {
    const group = groups.get(department_id) ?? { id: department_id, department_name, students: [] };
    group.students.push({ ...student, images: images.get(student.id)?.image_urls ?? [] });
    groups.set(department_id, group);
  }
  return [...groups.values()];
}

/** Activates the given pending users in one transaction; a teacher may approve only students of their own department. */
export async function approveUsers(deps: Deps, caller: AuthUser, userIds: number[]) {
  const ids = [...new Set(userIds)];
  return deps.db.transaction().execute(async (trx) => {
    const users = await trx.selectFrom('users').select(['id', 'role', 'department_id', 'status']).where('id', 'in', ids).execute();
    if (users.length !== ids.length) throw new DomainError('NOT_FOUND', MSG.attendance.studentNotFound);
    // Approval is for pending accounts only: it never reactivates a deactivated one.
    if (users.some((u) => u.status !== 'pending')) throw new DomainError('CONFLICT', MSG.attendance.notPending);
    if (caller.role !== 'admin') {
      const allowed = users.every((u) => u.role === 'student' && caller.department_id !== null && u.department_id === caller.department_id);
      if (!allowed) throw new DomainError('FORBIDDEN', MSG.attendance.approveForbidden);
    }
    // The attendance rule counts a student's sessions from here (issue 24).
    await trx.updateTable('users').set({ status: 'active', activated_at: deps.clock.now().toISOString() }).where('id', 'in', ids).execute();
    return { message: MSG.attendance.approved(ids.length), approved: ids.length };
  });
}
