import { emailDelivery } from '@server/services/notices/index';
import { router } from '@server/trpc';
import { adminProcedure } from '../tiers';

/** Issue 39: the administrator's view of the email queue (whether SMTP is set, counts, the failures and why). */
export const adminNoticesRouter = router({
  emailDelivery: adminProcedure.query(({ ctx }) => emailDelivery(ctx)),
});
