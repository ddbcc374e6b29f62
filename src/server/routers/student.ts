import { z } from 'zod';
import { MAX_VIDEO_BYTES } from '../../shared/constants';
import { MSG } from '../../shared/messages';
import { ZMarkAttendanceInput, ZStudentPageInput } from '../../shared/schemas/attendance/attendance';
import { DEVICE_COOKIE } from '../auth/device-cookie';
import { DomainError } from '../lib/errors';
import { markAttendance, getOpenSessionForStudent, myLeaveRequests, requestLeave, withdrawLeaveRequest, refuseOffCampus } from '../services/attendance/index';
import { withAdmittedFaceCheck, verifyStudentVideo, issueChallenge, refuseUploadWhenLive } from '../services/faces/index';
import { ZFaceUploadFields } from '../../shared/schemas/faces/face-challenge';
import { parseInput } from '../lib/errors';
import { getStudentProfile } from '../services/accounts/index';
import { studentAttendanceList } from '../services/reports/index';
import { MAX_IMAGE_BYTES } from '../../shared/constants';
import { ZLeaveRequestFields, ZWithdrawLeaveInput } from '../../shared/schemas/attendance/leave';
import { roleProcedure, router } from '../trpc';

const student = roleProcedure('student');

/** tRPC twins of the student's REST calls, including the face check (FormData with a `video` file). */
export const studentRouter = router({
  attendance: student.input(ZStudentPageInput).query(({ ctx, input }) => studentAttendanceList(ctx, ctx.user, input.page, input.limit)),
  /** The dashboard's banner, polled: is a session of my department open, until when, and am I marked in it. */
  openSession: student.query(({ ctx }) => getOpenSessionForStudent(ctx, ctx.user)),
  profile: student.query(({ ctx }) => getStudentProfile(ctx, ctx.user)),
  markAttendance: student
    .input(ZMarkAttendanceInput)
    .mutation(({ ctx, input }) => markAttendance(ctx, ctx.user, input, { ip: ctx.ip, userAgent: ctx.userAgent, deviceCookie: ctx.cookies[DEVICE_COOKIE] })),
  faceChallenge: student.mutation(({ ctx }) => issueChallenge(ctx)),
  leaveRequests: student.query(({ ctx }) => myLeaveRequests(ctx, ctx.user)),
  withdrawLeave: student.input(ZWithdrawLeaveInput).mutation(({ ctx, input }) => withdrawLeaveRequest(ctx, ctx.user, input)),
  // FormData: the fields and an optional `document` image, as POST /api/leave_requests takes them.
  requestLeave: student.input(z.instanceof(FormData)).mutation(async ({ ctx, input }) => {
    const text = (k: string) => (typeof input.get(k) === 'string' ? input.get(k) : undefined);
    const fields = parseInput(ZLeaveRequestFields, { from_date: text('from_date'), to_date: text('to_date'), reason: text('reason') });
    const document = input.get('document');
    if (!(document instanceof Blob) || document.size === 0) return requestLeave(ctx, ctx.user, fields, null);
    if (document.size > MAX_IMAGE_BYTES) throw new DomainError('VALIDATION', MSG.leave.documentTooLarge);
    return requestLeave(ctx, ctx.user, fields, { buffer: Buffer.from(await document.arrayBuffer()), size: document.size });
  }),
  // admitted before the input is parsed: tRPC reads the multipart body only when the input middleware asks for it
  compareFaceVideo: student
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
    .mutation(async ({ ctx, input }) => {
      const video = input.get('video');
      if (!(video instanceof Blob)) throw new DomainError('VALIDATION', MSG.face.videoMissing);
      if (video.size > MAX_VIDEO_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', MSG.face.videoTooLarge);
      const fields = parseInput(ZFaceUploadFields, { challenge_id: input.get('challenge_id') ?? undefined, hints: input.get('hints') ?? undefined });
      return verifyStudentVideo(
        ctx,
        ctx.user,
        { ip: ctx.ip, deviceCookie: ctx.cookies[DEVICE_COOKIE] },
        { video: Buffer.from(await video.arrayBuffer()), fields },
      );
    }),
});
