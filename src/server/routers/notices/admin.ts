import { emailDelivery } from '@server/services/notices/index';
import { adminProcedure, router } from '@server/trpc';

/** Issue 39: the administrator's view of the email queue (whether SMTP is set, counts, the failures and why). */
export const adminNoticesRouter = router({
  emailDelivery: adminProcedure.query(({ ctx }) => emailDelivery(ctx)),
});
