import { MSG } from '@shared/messages';
import type { ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import { type AuthUser, decidedForByCaller } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import type { DB } from '@server/db/connect';
import { enrolledImagesByUser, openCollisionByUser, openCollisionsQuery } from '../faces/index';
import { queueNotice } from '../notices/index';
import { waitsForPhotos } from './roster/invitations';
import { createTypedAccount } from './users';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config'>;

/**
 * Pending students (never approved, not deactivated ones) grouped by department: a teacher sees their own department,
 * an admin all of them. A student whose photos look like another account's carries that collision (both accounts'
 * photos and the distance) for the teacher to decide before approving.
 */
export async function pendingStudentsByDepartment(deps: Deps, caller: AuthUser) {
  const q = deps.db
    .selectFrom('users as u')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id', 'u.username', 'u.email', 'u.phone_number', 'u.status', 'd.id as department_id', 'd.name as department_name'])
    .where('u.role', '=', 'student')
    .where('u.status', '=', 'pending')
    .where((eb) => eb.not(waitsForPhotos(eb)))
    .where(decidedForByCaller(caller));
  const rows = await q.orderBy('d.id').orderBy('u.created_at').execute();
  const images = await enrolledImagesByUser(
    deps,
    rows.map((r) => r.id),
  );
  const collisions = await openCollisionByUser(
    deps,
    rows.map((r) => r.id),
  );
  type PendingStudent = Omit<(typeof rows)[number], 'department_id' | 'department_name'> & {
    images: string[];
    face_collision: ReturnType<typeof collisions.get> | null;
  };
  const groups = new Map<number, { id: number; department_name: string; students: PendingStudent[] }>();
  for (const { department_id, department_name, ...student } of rows) {
    const group = groups.get(department_id) ?? { id: department_id, department_name, students: [] };
    group.students.push({ ...student, images: images.get(student.id)?.image_urls ?? [], face_collision: collisions.get(student.id) ?? null });
    groups.set(department_id, group);
  }
  return [...groups.values()];
}

/** Activates the given pending users in one transaction; a teacher may approve only students of their own department. */
export async function approveUsers(deps: Deps, caller: AuthUser, userIds: number[]) {
  const ids = [...new Set(userIds)];
  return deps.db.transaction().execute(async (trx) => {
    const users = await trx
      .selectFrom('users as u')
      .select((eb) => ['id', 'role', 'department_id', 'status', waitsForPhotos(eb).as('waits_for_photos')])
      .where('id', 'in', ids)
      .execute();
    if (users.length !== ids.length) throw new DomainError('NOT_FOUND', MSG.attendance.studentNotFound);
    // Approval is for pending accounts only: it never reactivates a deactivated one, nor one still to set its password and photos.
    if (users.some((u) => u.status !== 'pending' || Boolean(u.waits_for_photos))) throw new DomainError('CONFLICT', MSG.attendance.notPending);
    if (caller.role !== 'admin') {
      const allowed = users.every((u) => u.role === 'student' && caller.department_id !== null && u.department_id === caller.department_id);
      if (!allowed) throw new DomainError('FORBIDDEN', MSG.attendance.approveForbidden);
    }
    // One face, one account: a face collision is decided first (face-collision-decisions.ts), never approved past.
    const held = await openCollisionsQuery(trx).select('d.user_id').where('d.kind', '=', 'registration').where('d.user_id', 'in', ids).executeTakeFirst();
    if (held) throw new DomainError('CONFLICT', MSG.duplicateFace.decideFirst, { errorCode: 'face_collision_open' });
    await activate(deps, trx, ids);
    return { message: MSG.attendance.approved(ids.length), approved: ids.length };
  });
}

/**
 * Activates pending accounts: the attendance rule counts a student's sessions from then (issue 24), and each account
 * is told it was approved (issue 39), in the caller's transaction.
 */
export async function activate(deps: Pick<AppDeps, 'clock' | 'config'>, trx: DB, ids: number[]) {
  const activated = await trx
    .updateTable('users')
    .set({ status: 'active', activated_at: deps.clock.now().toISOString() })
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .returning(['id', 'username'])
    .execute();
  for (const u of activated) await queueNotice(deps, trx, u.id, { kind: 'registration_approved', username: u.username });
}

/**
 * A teacher adds a student to their own department, active at once: the teacher vouches for who the student is, so
 * there is no approval step. No face yet: the student adds three photos at first login (/update-user), which become
 * a face change this department's teacher approves before the face check can match them.
 */
export async function addStudentByTeacher(deps: Pick<AppDeps, 'db' | 'clock'>, caller: AuthUser, input: (typeof ZTeacherAddStudentInput)['_output']) {
  if (caller.department_id === null) throw new DomainError('CONFLICT', MSG.addStudent.noDepartment);
  const id = await createTypedAccount(deps, { ...input, role: 'student', status: 'active', department_id: caller.department_id });
  return { id, message: MSG.addStudent.added(input.username) };
}
