import { getStudentProfile } from '@server/services/accounts/index';
import { roleProcedure, router } from '@server/trpc';

/** The student dashboard's profile; REST twin in rest/accounts/student.ts. */
export const studentAccountRouter = router({
  profile: roleProcedure('student').query(({ ctx }) => getStudentProfile(ctx, ctx.user)),
});
