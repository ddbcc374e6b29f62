import { Router } from 'express';
import {
  ZApproveInput,
  ZExtendGeofenceInput,
  ZManualMarkInput,
  ZSessionStudentsInput,
  ZStartGeofenceInput,
} from '../../../shared/schemas/attendance/attendance';
import type { AppDeps } from '../../deps';
import { jsonBody } from '../../lib/http/json-limits';
import { originOf } from '../../lib/http/origin';
import { ZRoomCodeInput } from '../../../shared/schemas/attendance/room-code';
import {
  getRoomCode,
  extendGeofenceSession,
  getGeofenceStatus,
  startGeofenceSession,
  stopGeofenceSession,
  getStudentsForSession,
  markAttendanceManually,
  mapTiles,
  markRemaining,
} from '../../services/attendance/index';
import { parseInput } from '../../lib/errors';
import {
  approveUsers,
  pendingStudentsByDepartment,
  getTeacherProfile,
  listDepartments,
  rejectStudents,
  addStudentByTeacher,
} from '../../services/accounts/index';
import { ZMarkRemainingInput, ZRejectInput, ZTeacherAddStudentInput } from '../../../shared/schemas/attendance/class-tools';
import { type AuthedRequest, handle, requireUser } from '../http';

/** The teacher dashboard's documented /api calls; admins may use them too. */
export function teacherRoutes(deps: AppDeps): Router {
  const r = Router();
  const json = jsonBody();
  const teacher = requireUser(deps, 'teacher', 'admin');
  const user = (req: unknown) => (req as AuthedRequest).user;

  r.get(
    '/admin/departments',
    handle(async (_req, res) => res.json(await listDepartments(deps))),
  );
  r.get(
    '/get_teacher_profile',
    teacher,
    handle(async (req, res) => res.json(await getTeacherProfile(deps, user(req)))),
  );
  r.post(
    '/start_geofence',
    teacher,
    json,
    handle(async (req, res) => {
      res.status(201).json(await startGeofenceSession(deps, user(req), parseInput(ZStartGeofenceInput, req.body)));
    }),
  );
  r.patch(
    '/stop_geofence',
    teacher,
    handle(async (req, res) => res.json(await stopGeofenceSession(deps, user(req)))),
  );
  r.patch(
    '/extend_geofence',
    teacher,
    json,
    handle(async (req, res) => res.json(await extendGeofenceSession(deps, user(req), parseInput(ZExtendGeofenceInput, req.body)))),
  );
  r.get(
    '/check_geofence_status',
    teacher,
    handle(async (req, res) => res.json(await getGeofenceStatus(deps, user(req)))),
  );
  r.get(
    '/room_code',
    teacher,
    handle(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await getRoomCode(deps, user(req), parseInput(ZRoomCodeInput, req.query), originOf(req)));
    }),
  );
  r.get(
    '/get_students_for_session',
    teacher,
    handle(async (req, res) => {
      res.json(await getStudentsForSession(deps, user(req), parseInput(ZSessionStudentsInput, req.query)));
    }),
  );
  r.patch(
    '/mark_attendance_manual',
    teacher,
    json,
    handle(async (req, res) => {
      res.json(await markAttendanceManually(deps, user(req), parseInput(ZManualMarkInput, req.body)));
    }),
  );
  r.get(
    '/pending_students_by_department',
    teacher,
    handle(async (req, res) => res.json(await pendingStudentsByDepartment(deps, user(req)))),
  );
  r.patch(
    '/approve_students',
    teacher,
    json,
    handle(async (req, res) => {
      res.json(await approveUsers(deps, user(req), parseInput(ZApproveInput, req.body).user_ids));
    }),
  );
  r.patch(
    '/reject_students',
    teacher,
    json,
    handle(async (req, res) => res.json(await rejectStudents(deps, user(req), parseInput(ZRejectInput, req.body)))),
  );
  r.post(
    '/teacher/students',
    teacher,
    json,
    handle(async (req, res) => {
      res.status(201).json(await addStudentByTeacher(deps, user(req), parseInput(ZTeacherAddStudentInput, req.body)));
    }),
  );
  r.patch(
    '/mark_remaining',
    teacher,
    json,
    handle(async (req, res) => res.json(await markRemaining(deps, user(req), parseInput(ZMarkRemainingInput, req.body)))),
  );
  r.get(
    '/map_tiles',
    teacher,
    handle(async (_req, res) => res.json(await mapTiles(deps))),
  );
  return r;
}
