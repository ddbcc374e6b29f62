import { z } from 'zod';
import { ZUserId } from '@shared/schemas/admin';
import { getEditableProfile } from '@server/services/accounts/index';
import { authedProcedure, router } from '@server/trpc';

/** The /update-user form's read: the signed-in user's own account, or any account for an admin. */
export const accountRouter = router({
  profile: authedProcedure.input(z.object({ id: ZUserId })).query(({ ctx, input }) => getEditableProfile(ctx, ctx.user, input.id)),
});
