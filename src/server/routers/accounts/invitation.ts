import { z } from 'zod';
import { registrationFromForm } from '@server/lib/http/uploads';
import { invitationDetails, registerFromInvitation } from '@server/services/accounts/index';
import { publicProcedure, router } from '@server/trpc';

/** Issue 39: what an invitation link opens, and completing registration from it; REST twins in rest/accounts/roster.ts. */
export const invitationRouter = router({
  invitation: publicProcedure.input(z.object({ token: z.string() })).query(({ ctx, input }) => invitationDetails(ctx, input.token)),
  registerFromInvitation: publicProcedure.input(z.instanceof(FormData)).mutation(async ({ ctx, input }) => {
    await ctx.registrations.consume(ctx.ip);
    const { fields, files } = await registrationFromForm(input);
    const { token, ...rest } = fields;
    return { success: true as const, ...(await registerFromInvitation(ctx, token, rest, files, { ip: ctx.ip })) };
  }),
});
