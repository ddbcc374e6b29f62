import { getStudentProfile } from '@server/services/accounts/index';
import { router, studentProcedure } from '@server/trpc';

/** The student dashboard's profile; REST twin in rest/accounts/student.ts. */
export const studentAccountRouter = router({
  profile: studentProcedure.query(({ ctx }) => getStudentProfile(ctx, ctx.user)),
});
