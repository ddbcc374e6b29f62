import { ZApproveInput } from '@shared/schemas/attendance/attendance';
import { ZRejectInput, ZTeacherAddStudentInput } from '@shared/schemas/attendance/class-tools';
import { ZDecideFaceCollisionInput } from '@shared/schemas/faces/face-changes';
import { ZGuardianEmailInput } from '@shared/schemas/notices';
import { z } from 'zod';
import { ZUserId } from '@shared/schemas/admin';
import {
  addStudentByTeacher,
  approveUsers,
  decideFaceCollision,
  getTeacherProfile,
  guardianEmailOf,
  listDepartments,
  pendingStudentsByDepartment,
  rejectStudents,
  setGuardianEmail,
} from '@server/services/accounts/index';
import { router } from '@server/trpc';
import { staffProcedure } from '../tiers';

/** The teacher's profile, departments and the students waiting to be let in; REST twins in rest/accounts/teacher.ts. */
export const teacherAccountRouter = router({
  profile: staffProcedure.query(({ ctx }) => getTeacherProfile(ctx, ctx.user)),
  departments: staffProcedure.query(({ ctx }) => listDepartments(ctx)),
  pendingStudents: staffProcedure.query(({ ctx }) => pendingStudentsByDepartment(ctx, ctx.user)),
  approveStudents: staffProcedure.input(ZApproveInput).mutation(({ ctx, input }) => approveUsers(ctx, ctx.user, input.user_ids)),
  rejectStudents: staffProcedure.input(ZRejectInput).mutation(({ ctx, input }) => rejectStudents(ctx, ctx.user, input)),
  addStudent: staffProcedure.input(ZTeacherAddStudentInput).mutation(({ ctx, input }) => addStudentByTeacher(ctx, ctx.user, input)),
  /** Issue 34: twins, lookalikes or the same person twice, for a registration or face change that looks like another account. */
  decideFaceCollision: staffProcedure.input(ZDecideFaceCollisionInput).mutation(({ ctx, input }) => decideFaceCollision(ctx, ctx.user, input)),
  /** Issue 39: the address a student's warnings are copied to (own department's students; an admin's, anyone's). */
  guardianEmail: staffProcedure.input(z.object({ student_id: ZUserId })).query(({ ctx, input }) => guardianEmailOf(ctx, ctx.user, input.student_id)),
  setGuardianEmail: staffProcedure.input(ZGuardianEmailInput).mutation(({ ctx, input }) => setGuardianEmail(ctx, ctx.user, input)),
});
