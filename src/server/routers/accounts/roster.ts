import { z } from 'zod';
import { ZRenewInvitationInput } from '@shared/schemas/accounts/roster';
import { rosterCsvFromForm } from '@server/lib/http/uploads';
import { importRoster, listOpenInvitations, previewRoster, renewInvitation } from '@server/services/accounts/index';
import { roleProcedure, router } from '@server/trpc';

const staff = roleProcedure('teacher', 'admin');
/** The roster CSV travels as FormData (field `file`), as POST /api/roster/preview takes it. */
const ZRosterFormData = z.instanceof(FormData);

/** Issue 39: the roster import and the invitations it hands out; REST twins in rest/accounts/roster.ts. */
export const rosterRouter = router({
  previewRoster: staff.input(ZRosterFormData).mutation(async ({ ctx, input }) => previewRoster(ctx, ctx.user, await rosterCsvFromForm(input))),
  importRoster: staff.input(ZRosterFormData).mutation(async ({ ctx, input }) => importRoster(ctx, ctx.user, await rosterCsvFromForm(input), ctx.origin)),
  rosterInvitations: staff.query(({ ctx }) => listOpenInvitations(ctx, ctx.user)),
  renewInvitation: staff.input(ZRenewInvitationInput).mutation(({ ctx, input }) => renewInvitation(ctx, ctx.user, input.user_id, ctx.origin)),
});
