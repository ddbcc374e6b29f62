import { Router } from 'express';
import { ZAttendanceRuleInput, ZShortfallInput, ZShortfallPageInput } from '@shared/schemas/attendance-rule';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import { jsonBody } from '@server/lib/http/json-limits';
import {
  absenceWarningForAdmin,
  atRiskStudents,
  attendanceRuleForAdmin,
  setAbsenceWarning,
  setAttendanceRule,
  shortfallCsv,
  shortfallReport,
  studentStanding,
} from '@server/services/reports/index';
import { ZAbsenceWarningInput } from '@shared/schemas/notices';
import { handle, requireUser, userOf } from '../http';

/** Issue 24's attendance rule for other clients: the same services as the attendanceRule router. */
export function attendanceRuleRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');
  r.get(
    '/attendance_standing',
    requireUser(deps, 'student'),
    handle(async (req, res) => {
      const { standing, outlook } = await studentStanding(deps, userOf(req));
      const { rate, required_rate, held, attended, excused, can_miss, needed_to_recover } = standing;
      res.json({ rate, required_rate, held, attended, excused, can_miss, needed_to_recover, ...outlook });
    }),
  );
  r.get(
    '/at_risk_students',
    requireUser(deps, 'teacher'),
    handle(async (req, res) => res.json(await atRiskStudents(deps, userOf(req)))),
  );
  r.get(
    '/admin/attendance_rule',
    admin,
    handle(async (_req, res) => res.json(await attendanceRuleForAdmin(deps))),
  );
  r.put(
    '/admin/attendance_rule',
    admin,
    jsonBody(),
    handle(async (req, res) => res.json(await setAttendanceRule(deps, userOf(req), parseInput(ZAttendanceRuleInput, req.body)))),
  );
  r.get(
    '/admin/absence_warning',
    admin,
    handle(async (_req, res) => res.json(await absenceWarningForAdmin(deps))),
  );
  r.put(
    '/admin/absence_warning',
    admin,
    jsonBody(),
    handle(async (req, res) => res.json(await setAbsenceWarning(deps, userOf(req), parseInput(ZAbsenceWarningInput, req.body).absences_in_a_row))),
  );
  r.get(
    '/admin/attendance-shortfall',
    admin,
    handle(async (req, res) => res.json(await shortfallReport(deps, parseInput(ZShortfallPageInput, req.query)))),
  );
  r.get(
    '/admin/attendance-shortfall/export.csv',
    admin,
    handle(async (req, res) => {
      const { csv, rows, fileName } = await shortfallCsv(deps, parseInput(ZShortfallInput, req.query));
      res.setHeader('Content-Type', 'text/csv; charset=utf-8');
      res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
      res.setHeader('Cache-Control', 'no-store');
      res.setHeader('X-Row-Count', String(rows));
      res.send(csv);
    }),
  );
  return r;
}
