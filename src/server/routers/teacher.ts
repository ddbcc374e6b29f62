import { ZApproveInput, ZExtendGeofenceInput, ZManualMarkInput, ZSessionStudentsInput, ZStartGeofenceInput } from '../../shared/schemas/attendance/attendance';
import { ZRoomCodeInput } from '../../shared/schemas/attendance/room-code';
import { ZDecideFaceChangeInput, ZDecideFaceCollisionInput, ZFaceChangeHistoryInput } from '../../shared/schemas/faces/face-changes';
import {
  approveUsers,
  pendingStudentsByDepartment,
  listDepartments,
  getTeacherProfile,
  rejectStudents,
  addStudentByTeacher,
  decideFaceCollision,
} from '../services/accounts/index';
import { decideFaceChange, faceChangeHistory, listPendingFaceChanges } from '../services/faces/index';
import {
  extendGeofenceSession,
  getGeofenceStatus,
  startGeofenceSession,
  stopGeofenceSession,
  getRoomCode,
  getStudentsForSession,
  markAttendanceManually,
  mapTiles,
  markRemaining,
  decideLeaveRequest,
  pendingLeaveRequests,
} from '../services/attendance/index';
import { ZMarkRemainingInput, ZRejectInput, ZTeacherAddStudentInput } from '../../shared/schemas/attendance/class-tools';
import { ZDecideLeaveInput } from '../../shared/schemas/attendance/leave';
import { roleProcedure, router } from '../trpc';

const teacher = roleProcedure('teacher', 'admin');

/** tRPC twins of the teacher dashboard's REST calls; same services, same rules. */
export const teacherRouter = router({
  profile: teacher.query(({ ctx }) => getTeacherProfile(ctx, ctx.user)),
  departments: teacher.query(({ ctx }) => listDepartments(ctx)),
  startGeofence: teacher.input(ZStartGeofenceInput).mutation(({ ctx, input }) => startGeofenceSession(ctx, ctx.user, input)),
  stopGeofence: teacher.mutation(({ ctx }) => stopGeofenceSession(ctx, ctx.user)),
  /** Issue 36: Extend 5 min on the running session. */
  extendGeofence: teacher
    .input(ZExtendGeofenceInput.nullish())
    .mutation(({ ctx, input }) => extendGeofenceSession(ctx, ctx.user, input ?? ZExtendGeofenceInput.parse({}))),
  geofenceStatus: teacher.query(({ ctx }) => getGeofenceStatus(ctx, ctx.user)),
  roomCode: teacher.input(ZRoomCodeInput).query(({ ctx, input }) => getRoomCode(ctx, ctx.user, input, ctx.origin)),
  studentsForSession: teacher.input(ZSessionStudentsInput).query(({ ctx, input }) => getStudentsForSession(ctx, ctx.user, input)),
  markManual: teacher.input(ZManualMarkInput).mutation(({ ctx, input }) => markAttendanceManually(ctx, ctx.user, input)),
  pendingStudents: teacher.query(({ ctx }) => pendingStudentsByDepartment(ctx, ctx.user)),
  approveStudents: teacher.input(ZApproveInput).mutation(({ ctx, input }) => approveUsers(ctx, ctx.user, input.user_ids)),
  rejectStudents: teacher.input(ZRejectInput).mutation(({ ctx, input }) => rejectStudents(ctx, ctx.user, input)),
  addStudent: teacher.input(ZTeacherAddStudentInput).mutation(({ ctx, input }) => addStudentByTeacher(ctx, ctx.user, input)),
  markRemaining: teacher.input(ZMarkRemainingInput).mutation(({ ctx, input }) => markRemaining(ctx, ctx.user, input)),
  mapTiles: teacher.query(({ ctx }) => mapTiles(ctx)),
  pendingLeaveRequests: teacher.query(({ ctx }) => pendingLeaveRequests(ctx, ctx.user)),
  decideLeaveRequest: teacher.input(ZDecideLeaveInput).mutation(({ ctx, input }) => decideLeaveRequest(ctx, ctx.user, input)),
  pendingFaceChanges: teacher.query(({ ctx }) => listPendingFaceChanges(ctx, ctx.user)),
  decideFaceChange: teacher.input(ZDecideFaceChangeInput).mutation(({ ctx, input }) => decideFaceChange(ctx, ctx.user, input)),
  /** Issue 34: twins, lookalikes or the same person twice, for a registration or face change that looks like another account. */
  decideFaceCollision: teacher.input(ZDecideFaceCollisionInput).mutation(({ ctx, input }) => decideFaceCollision(ctx, ctx.user, input)),
  faceChangeHistory: teacher.input(ZFaceChangeHistoryInput).query(({ ctx, input }) => faceChangeHistory(ctx, ctx.user, input.student_id)),
});
