import { getStudentProfile } from '@server/services/accounts/index';
import { router } from '@server/trpc';
import { studentProcedure } from '../tiers';

/** The student dashboard's profile; REST twin in rest/accounts/student.ts. */
export const studentAccountRouter = router({
  profile: studentProcedure.query(({ ctx }) => getStudentProfile(ctx, ctx.user)),
});
