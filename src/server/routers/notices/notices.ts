import { ZMarkNoticesRead } from '@shared/schemas/notices';
import { markNoticesRead, myNotices } from '@server/services/notices/index';
import { authedProcedure, router } from '@server/trpc';

/** Issue 39: the bell, for every signed-in role (each sees only their own notices); REST twins in rest/notices/notices.ts. */
export const noticesRouter = router({
  list: authedProcedure.query(({ ctx }) => myNotices(ctx, ctx.user)),
  markRead: authedProcedure.input(ZMarkNoticesRead).mutation(({ ctx, input }) => markNoticesRead(ctx, ctx.user, input.ids)),
});
