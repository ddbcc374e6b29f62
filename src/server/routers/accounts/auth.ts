import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { ZLoginInput } from '../../../shared/schemas/accounts/auth';
import { DEVICE_COOKIE } from '../../auth/device-cookie';
import { deviceCookieHeader } from '../../lib/http/cookies';
import { login, logout, getMe, registerUser } from '../../services/accounts/index';
import { authedProcedure, publicProcedure, router } from '../../trpc';

/** Registration over tRPC takes the same multipart body as POST /api/register (fields plus 3 `images`). */
const ZRegisterFormData = z.instanceof(FormData);

async function formDataToRegistration(form: FormData) {
  const fields: Record<string, string> = {};
  const files: { buffer: Buffer; size: number }[] = [];
  for (const [key, value] of form.entries()) {
    if (typeof value === 'string') fields[key] = value;
    else if (key === 'images') {
      // Never buffer more than the limit plus one byte of an oversized file.
      files.push({ size: value.size, buffer: value.size > MAX_IMAGE_BYTES ? Buffer.alloc(0) : Buffer.from(await value.arrayBuffer()) });
    }
  }
  return { fields, files };
}

export const authRouter = router({
  login: publicProcedure.input(ZLoginInput).mutation(async ({ ctx, input }) => {
    const { token, deviceCookie } = await login(ctx, input, { ip: ctx.ip, deviceCookie: ctx.cookies[DEVICE_COOKIE] });
    ctx.setCookie(deviceCookieHeader(deviceCookie, ctx.secure));
    return { token };
  }),
  register: publicProcedure.input(ZRegisterFormData).mutation(async ({ ctx, input }) => {
    await ctx.registrations.consume(ctx.ip);
    const { fields, files } = await formDataToRegistration(input);
    return { success: true as const, ...(await registerUser(ctx, fields, files, { ip: ctx.ip })) };
  }),
  me: authedProcedure.query(({ ctx }) => getMe(ctx, ctx.user.id)),
  logout: authedProcedure.mutation(({ ctx }) => logout(ctx, ctx.user.id)),
});
