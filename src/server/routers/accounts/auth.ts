import { z } from 'zod';
import { ZLoginInput } from '@shared/schemas/accounts/auth';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { deviceCookieHeader } from '@server/lib/http/cookies';
import { registrationFromForm } from '@server/lib/http/uploads';
import { login, logout, getMe, registerUser } from '@server/services/accounts/index';
import { authedProcedure, publicProcedure, router } from '@server/trpc';

/** Registration over tRPC takes the same multipart body as POST /api/register (fields plus 3 `images`). */
const ZRegisterFormData = z.instanceof(FormData);

export const authRouter = router({
  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const { token, deviceCookie } = await login(ctx, input, { ip: ctx.ip, deviceCookie: ctx.cookies[DEVICE_COOKIE] });
    ctx.setCookie(deviceCookieHeader(deviceCookie, ctx.secure));
    return { token };
  }),
  register: publicProcedure.input(ZRegisterFormData).mutation(async ({ ctx, input }) => {
    await ctx.registrations.consume(ctx.ip);
    const { fields, files } = await registrationFromForm(input);
    return { success: true as const, ...(await registerUser(ctx, fields, files, { ip: ctx.ip })) };
  }),
  me: authedProcedure.query(({ ctx }) => getMe(ctx, ctx.user.id)),
  logout: authedProcedure.mutation(({ ctx }) => logout(ctx, ctx.user.id)),
});
