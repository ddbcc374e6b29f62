import { ZApproveInput } from '@shared/schemas/attendance/attendance';
import { ZRejectInput, ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import { ZDecideFaceCollisionInput } from '@shared/schemas/faces/face-changes';
import {
  addStudentByTeacher,
  approveUsers,
  decideFaceCollision,
  getTeacherProfile,
  listDepartments,
  pendingStudentsByDepartment,
  rejectStudents,
} from '@server/services/accounts/index';
import { roleProcedure, router } from '@server/trpc';

const teacher = roleProcedure('teacher', 'admin');

/** The teacher's profile, departments and the students waiting to be let in; REST twins in rest/accounts/teacher.ts. */
export const teacherAccountRouter = router({
  profile: teacher.query(({ ctx }) => getTeacherProfile(ctx, ctx.user)),
  departments: teacher.query(({ ctx }) => listDepartments(ctx)),
  pendingStudents: teacher.query(({ ctx }) => pendingStudentsByDepartment(ctx, ctx.user)),
  approveStudents: teacher.input(ZApproveInput).mutation(({ ctx, input }) => approveUsers(ctx, ctx.user, input.user_ids)),
  rejectStudents: teacher.input(ZRejectInput).mutation(({ ctx, input }) => rejectStudents(ctx, ctx.user, input)),
  addStudent: teacher.input(ZTeacherAddStudentInput).mutation(({ ctx, input }) => addStudentByTeacher(ctx, ctx.user, input)),
  /** Issue 34: twins, lookalikes or the same person twice, for a registration or face change that looks like another account. */
  decideFaceCollision: teacher.input(ZDecideFaceCollisionInput).mutation(({ ctx, input }) => decideFaceCollision(ctx, ctx.user, input)),
});
