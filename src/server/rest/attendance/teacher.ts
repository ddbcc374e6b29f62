import { Router } from 'express';
import { ZExtendGeofenceInput, ZManualMarkInput, ZSessionStudentsInput, ZStartGeofenceInput } from '@shared/schemas/attendance/attendance';
import type { AppDeps } from '@server/deps';
import { jsonBody } from '@server/lib/http/json-limits';
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
import { handle, requireUser, userOf } from '../http';

/** The teacher dashboard's session calls (admins may use them too): the geofence session, its room code, its students' marks. */
export function teacherAttendanceRoutes(deps: AppDeps): Router {
  const r = Router();
  const json = jsonBody();
  const teacher = requireUser(deps, 'teacher', 'admin');

  r.post(
    '/start_geofence',
    teacher,
    json,
    handle(async (req, res) => {
      res.status(201).json(await startGeofenceSession(deps, userOf(req), parseInput(ZStartGeofenceInput, req.body)));
    }),
  );
  r.patch(
    '/stop_geofence',
    teacher,
    handle(async (req, res) => res.json(await stopGeofenceSession(deps, userOf(req)))),
  );
  r.patch(
    '/extend_geofence',
    teacher,
    json,
    handle(async (req, res) => res.json(await extendGeofenceSession(deps, userOf(req), parseInput(ZExtendGeofenceInput, req.body)))),
  );
  r.get(
    '/check_geofence_status',
    teacher,
    handle(async (req, res) => res.json(await getGeofenceStatus(deps, userOf(req)))),
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
    handle(async (req, res) => {
      res.json(await getStudentsForSession(deps, userOf(req), parseInput(ZSessionStudentsInput, req.query)));
    }),
  );
  r.patch(
    '/mark_attendance_manual',
    teacher,
    json,
    handle(async (req, res) => {
      res.json(await markAttendanceManually(deps, userOf(req), parseInput(ZManualMarkInput, req.body)));
    }),
  );
  r.patch(
    '/mark_remaining',
    teacher,
    json,
    handle(async (req, res) => res.json(await markRemaining(deps, userOf(req), parseInput(ZMarkRemainingInput, req.body)))),
  );
  r.get(
    '/map_tiles',
    teacher,
    handle(async (_req, res) => res.json(await mapTiles(deps))),
  );
  return r;
}
