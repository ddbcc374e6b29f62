import { emailDelivery } from '@server/services/notices/index';
import { roleProcedure, router } from '@server/trpc';

const admin = roleProcedure('admin');

/** Issue 39: the administrator's view of the email queue (whether SMTP is set, counts, the failures and why). */
export const adminNoticesRouter = router({
  emailDelivery: admin.query(({ ctx }) => emailDelivery(ctx)),
});
