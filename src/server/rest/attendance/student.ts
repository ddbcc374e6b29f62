import { Router } from 'express';
import { ZMarkAttendanceInput } from '@shared/schemas/attendance/attendance';
import type { AppDeps } from '@server/deps';
import { callerOf } from '@server/lib/http/caller';
import { jsonBody } from '@server/lib/http/json-limits';
import { parseInput } from '@server/lib/errors';
import { markAttendance } from '@server/services/attendance/index';
import { handle, requireUser, userOf } from '../http';

/**
 * POST /api/mark_attendance: the student's token and row first (requireUser), then the body, then markAttendance,
 * the function the tRPC procedure calls, on either engine.
 */
export function studentAttendanceRoutes(deps: AppDeps): Router {
  const r = Router();
  r.post(
    '/mark_attendance',
    requireUser(deps, 'student'),
    jsonBody(),
    handle(async (req, res) => {
      res.json(await markAttendance(deps, userOf(req), parseInput(ZMarkAttendanceInput, req.body), callerOf(req)));
    }),
  );
  return r;
}
