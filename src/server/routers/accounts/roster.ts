import { z } from 'zod';
import { ZRenewInvitationInput } from '@shared/schemas/accounts/roster';
import { rosterCsvFromForm } from '@server/lib/http/uploads';
import { importRoster, listOpenInvitations, previewRoster, renewInvitation } from '@server/services/accounts/index';
import { router } from '@server/trpc';
import { staffProcedure } from '../tiers';

/** The roster CSV travels as FormData (field `file`), as POST /api/roster/preview takes it. */
const ZRosterFormData = z.instanceof(FormData);

/** Issue 39: the roster import and the invitations it hands out; REST twins in rest/accounts/roster.ts. */
export const rosterRouter = router({
  previewRoster: staffProcedure.input(ZRosterFormData).mutation(async ({ ctx, input }) => previewRoster(ctx, ctx.user, await rosterCsvFromForm(input))),
  importRoster: staffProcedure
    .input(ZRosterFormData)
    .mutation(async ({ ctx, input }) => importRoster(ctx, ctx.user, await rosterCsvFromForm(input), ctx.origin)),
  rosterInvitations: staffProcedure.query(({ ctx }) => listOpenInvitations(ctx, ctx.user)),
  renewInvitation: staffProcedure.input(ZRenewInvitationInput).mutation(({ ctx, input }) => renewInvitation(ctx, ctx.user, input.user_id, ctx.origin)),
});
