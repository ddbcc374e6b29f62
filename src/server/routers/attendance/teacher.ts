import { ZExtendGeofenceInput, ZManualMarkInput, ZSessionStudentsInput, ZStartGeofenceInput } from '@shared/schemas/attendance/attendance';
import { ZMarkRemainingInput } from '@shared/schemas/attendance/class-tools';
import { ZDecideLeaveInput } from '@shared/schemas/attendance/leave';
import { ZRoomCodeInput } from '@shared/schemas/attendance/room-code';
import { ZDecideReviewInput } from '@shared/schemas/attendance/review';
import {
  decideLeaveRequest,
  decideReview,
  extendGeofenceSession,
  getGeofenceStatus,
  getRoomCode,
  getStudentsForSession,
  mapTiles,
  markAttendanceManually,
  markRemaining,
  pendingLeaveRequests,
  reviewQueue,
  startGeofenceSession,
  stopGeofenceSession,
} from '@server/services/attendance/index';
import { router } from '@server/trpc';
import { staffProcedure } from '../tiers';

/** The teacher's session, its room code and marks, leave and review requests; REST twins in rest/attendance/ (teacher.ts, leave-requests.ts). */
export const teacherAttendanceRouter = router({
  startGeofence: staffProcedure.input(ZStartGeofenceInput).mutation(({ ctx, input }) => startGeofenceSession(ctx, ctx.user, input)),
  stopGeofence: staffProcedure.mutation(({ ctx }) => stopGeofenceSession(ctx, ctx.user)),
  /** Issue 36: Extend 5 min on the running session. */
  extendGeofence: staffProcedure
    .input(ZExtendGeofenceInput.nullish())
    .mutation(({ ctx, input }) => extendGeofenceSession(ctx, ctx.user, input ?? ZExtendGeofenceInput.parse({}))),
  geofenceStatus: staffProcedure.query(({ ctx }) => getGeofenceStatus(ctx, ctx.user)),
  roomCode: staffProcedure.input(ZRoomCodeInput).query(({ ctx, input }) => getRoomCode(ctx, ctx.user, input, ctx.origin)),
  studentsForSession: staffProcedure.input(ZSessionStudentsInput).query(({ ctx, input }) => getStudentsForSession(ctx, ctx.user, input)),
  markManual: staffProcedure.input(ZManualMarkInput).mutation(({ ctx, input }) => markAttendanceManually(ctx, ctx.user, input)),
  markRemaining: staffProcedure.input(ZMarkRemainingInput).mutation(({ ctx, input }) => markRemaining(ctx, ctx.user, input)),
  mapTiles: staffProcedure.query(({ ctx }) => mapTiles(ctx)),
  pendingLeaveRequests: staffProcedure.query(({ ctx }) => pendingLeaveRequests(ctx, ctx.user)),
  decideLeaveRequest: staffProcedure.input(ZDecideLeaveInput).mutation(({ ctx, input }) => decideLeaveRequest(ctx, ctx.user, input)),
  /** Issue 39: refused students asking to be marked, polled beside the running session, and the one-tap decision. */
  reviewQueue: staffProcedure.query(({ ctx }) => reviewQueue(ctx, ctx.user)),
  decideReview: staffProcedure.input(ZDecideReviewInput).mutation(({ ctx, input }) => decideReview(ctx, ctx.user, input)),
});
