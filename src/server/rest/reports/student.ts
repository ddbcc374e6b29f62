import { Router } from 'express';
import { ZStudentPageInput } from '@shared/schemas/attendance/attendance';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { studentAttendanceList } from '@server/services/reports/index';
import { handle, requireUser, userOf } from '../http';

/** The student dashboard's history: GET /api/get_attendance, a page of the student's own records. */
export function studentReportRoutes(deps: AppDeps): Router {
  const r = Router();
  r.get(
    '/get_attendance',
    requireUser(deps, 'student'),
    handle(async (req, res) => {
      const { page, limit } = parseInput(ZStudentPageInput, req.query);
      res.json(await studentAttendanceList(deps, userOf(req), page, limit));
    }),
  );
  return r;
}
