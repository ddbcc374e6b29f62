import { z } from 'zod';
import { ZMarkAttendanceInput } from '@shared/schemas/attendance/attendance';
import { ZWithdrawLeaveInput } from '@shared/schemas/attendance/leave';
import { DEVICE_COOKIE } from '@server/auth/device-cookie';
import { leaveRequestFromForm } from '@server/lib/http/uploads';
import {
  getOpenSessionForStudent,
  markAttendance,
  myLeaveRequests,
  myReviewRequest,
  requestLeave,
  requestReview,
  withdrawLeaveRequest,
} from '@server/services/attendance/index';
import { router } from '@server/trpc';
import { studentProcedure } from '../tiers';

/** The student's session banner, mark, leave and review requests; REST twins in rest/attendance/ (student.ts, leave-requests.ts). */
export const studentAttendanceRouter = router({
  /** The dashboard's banner, polled: is a session of my department open, until when, and am I marked in it. */
  openSession: studentProcedure.query(({ ctx }) => getOpenSessionForStudent(ctx, ctx.user)),
  markAttendance: studentProcedure
    .input(ZMarkAttendanceInput)
    .mutation(({ ctx, input }) => markAttendance(ctx, ctx.user, input, { ip: ctx.ip, userAgent: ctx.userAgent, deviceCookie: ctx.cookies[DEVICE_COOKIE] })),
  leaveRequests: studentProcedure.query(({ ctx }) => myLeaveRequests(ctx, ctx.user)),
  /** Issue 39: after a refusal, 'I am in class: ask my teacher', and the request's outcome. */
  reviewRequest: studentProcedure.query(({ ctx }) => myReviewRequest(ctx, ctx.user)),
  requestReview: studentProcedure.mutation(({ ctx }) => requestReview(ctx, ctx.user)),
  withdrawLeave: studentProcedure.input(ZWithdrawLeaveInput).mutation(({ ctx, input }) => withdrawLeaveRequest(ctx, ctx.user, input)),
  // FormData: the fields and an optional `document` image, as POST /api/leave_requests takes them.
  requestLeave: studentProcedure.input(z.instanceof(FormData)).mutation(async ({ ctx, input }) => {
    const { fields, document } = await leaveRequestFromForm(input);
    return requestLeave(ctx, ctx.user, fields, document);
  }),
});
