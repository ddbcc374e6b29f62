import { Router } from 'express';
import { ZExtendGeofenceInput, ZManualMarkInput, ZSessionStudentsInput, ZStartGeofenceInput } from '@shared/schemas/attendance/attendance';
import type { AppDeps } from '@server/deps';
import { originOf } from '@server/lib/http/caller';
import { ZRoomCodeInput } from '@shared/schemas/attendance/room-code';
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
} from '@server/services/attendance/index';
import { parseInput } from '@server/lib/errors';
import { ZMarkRemainingInput } from '@shared/schemas/attendance/class-tools';
import { handle, requireUser, serve, serveBody, userOf } from '../http';

/** The teacher dashboard's session calls (admins may use them too): the geofence session, its room code, its students' marks. */
export function teacherAttendanceRoutes(deps: AppDeps): Router {
  const r = Router();
  const teacher = requireUser(deps, 'teacher', 'admin');

  r.post('/start_geofence', teacher, ...serveBody(ZStartGeofenceInput, (user, input) => startGeofenceSession(deps, user, input), 201));
  r.patch(
    '/stop_geofence',
    teacher,
    serve((user) => stopGeofenceSession(deps, user)),
  );
  r.patch('/extend_geofence', teacher, ...serveBody(ZExtendGeofenceInput, (user, input) => extendGeofenceSession(deps, user, input)));
  r.get(
    '/check_geofence_status',
    teacher,
    serve((user) => getGeofenceStatus(deps, user)),
  );
  r.get(
    '/room_code',
    teacher,
    handle(async (req, res) => {
      res.set('Cache-Control', 'no-store');
      res.json(await getRoomCode(deps, userOf(req), parseInput(ZRoomCodeInput, req.query), originOf(req)));
    }),
  );
  r.get(
    '/get_students_for_session',
    teacher,
    serve((user, req) => getStudentsForSession(deps, user, parseInput(ZSessionStudentsInput, req.query))),
  );
  r.patch('/mark_attendance_manual', teacher, ...serveBody(ZManualMarkInput, (user, input) => markAttendanceManually(deps, user, input)));
  r.patch('/mark_remaining', teacher, ...serveBody(ZMarkRemainingInput, (user, input) => markRemaining(deps, user, input)));
  r.get(
    '/map_tiles',
    teacher,
    serve(() => mapTiles(deps)),
  );
  return r;
}
