import { z } from 'zod';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { ZMarkAttendanceInput } from '../../../shared/schemas/attendance/attendance';
import { ZLeaveRequestFields, ZWithdrawLeaveInput } from '../../../shared/schemas/attendance/leave';
import { DEVICE_COOKIE } from '../../auth/device-cookie';
import { DomainError, parseInput } from '../../lib/errors';
import { getOpenSessionForStudent, markAttendance, myLeaveRequests, requestLeave, withdrawLeaveRequest } from '../../services/attendance/index';
import { roleProcedure, router } from '../../trpc';

const student = roleProcedure('student');

/** The student's session banner, mark and leave requests; REST twins in rest/attendance/ (student.ts, leave-requests.ts). */
export const studentAttendanceRouter = router({
  /** The dashboard's banner, polled: is a session of my department open, until when, and am I marked in it. */
  openSession: student.query(({ ctx }) => getOpenSessionForStudent(ctx, ctx.user)),
  markAttendance: student
    .input(ZMarkAttendanceInput)
    .mutation(({ ctx, input }) => markAttendance(ctx, ctx.user, input, { ip: ctx.ip, userAgent: ctx.userAgent, deviceCookie: ctx.cookies[DEVICE_COOKIE] })),
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
});
