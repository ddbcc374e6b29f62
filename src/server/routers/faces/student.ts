import { z } from 'zod';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { videoFromForm } from '@server/lib/http/uploads';
import { refuseOffCampus } from '@server/services/attendance/index';
import { issueChallenge, refuseUploadWhenLive, verifyStudentVideo, withAdmittedFaceCheck } from '@server/services/faces/index';
import { router } from '@server/trpc';
import { studentProcedure } from '../tiers';

/**
 * The face page's upload check (FormData with a `video` file); REST twins in rest/faces/student.ts. The campus
 * networks are attendance's rule, which services/faces (below attendance) cannot ask: the procedure asks first.
 */
export const studentFaceRouter = router({
  faceChallenge: studentProcedure.mutation(({ ctx }) => issueChallenge(ctx)),
  // admitted before the input is parsed: tRPC reads the multipart body only when the input middleware asks for it
  compareFaceVideo: studentProcedure
    .use(async ({ ctx, next }) => {
      refuseUploadWhenLive(ctx); // issue 33: the live stream is the only way to a proof with the challenge on
      await refuseOffCampus(ctx, ctx.ip); // issue 35: every step of a mark from the campus networks, when set
      return next();
    })
    .use(({ ctx, next }) =>
      withAdmittedFaceCheck(ctx, ctx.user, async () => {
        const result = await next();
        if (!result.ok) throw result.error; // so a busy engine's answer is seen (and not counted)
        return result;
      }),
    )
    .input(z.instanceof(FormData))
    .mutation(async ({ ctx, input }) =>
      verifyStudentVideo(ctx, ctx.user, { ip: ctx.ip, deviceCookie: ctx.cookies[DEVICE_COOKIE] }, await videoFromForm(input)),
    ),
});
