import { pipeline } from 'node:stream/promises';
import { type Response, Router } from 'express';
import { ZAttendanceDetailsInput, ZAttendanceFilter, ZPairInput } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { parseInput } from '@server/lib/errors';
import {
  pairDetail,
  attendanceChartTotals,
  attendancePairsPage,
  attendanceSummary,
  detailCsvStream,
  detailFileName,
  summaryFileName,
  summaryCsv,
} from '@server/services/reports/index';
import { handle, requireUser } from '../http';

function csvHeaders(res: Response, fileName: string) {
  res.setHeader('Content-Type', 'text/csv; charset=utf-8');
  res.setHeader('Content-Disposition', `attachment; filename="${fileName}"`);
  res.setHeader('Cache-Control', 'no-store');
}

/** SPEC 7's admin report calls, and the two CSV downloads (the detail one streamed, whatever its size). */
export function adminReportRoutes(deps: AppDeps): Router {
  const r = Router();
  const admin = requireUser(deps, 'admin');

  r.get(
    '/admin/attendance-summary',
    admin,
    handle(async (req, res) => res.json(await attendanceSummary(deps, parseInput(ZAttendanceFilter, req.query)))),
  );
  r.get(
    '/admin/attendance-charts',
    admin,
    handle(async (req, res) => res.json(await attendanceChartTotals(deps, parseInput(ZAttendanceFilter, req.query)))),
  );
  r.get(
    '/admin/attendance-details',
    admin,
    handle(async (req, res) => res.json(await attendancePairsPage(deps, parseInput(ZAttendanceDetailsInput, req.query)))),
  );
  r.get(
    '/admin/attendance-summary/export.csv',
    admin,
    handle(async (req, res) => {
      // The popup's order and search (issue 36) carry over to its file.
      const { sort, q } = parseInput(ZAttendanceDetailsInput, req.query);
      const { csv, rows } = await summaryCsv(deps, parseInput(ZAttendanceFilter, req.query), sort, q);
      csvHeaders(res, summaryFileName(deps.clock.now()));
      res.setHeader('X-Row-Count', String(rows));
      res.send(csv);
    }),
  );
  r.get(
    '/admin/attendance-details/export.csv',
    admin,
    handle(async (req, res) => {
      const filter = parseInput(ZAttendanceFilter, req.query);
      const teacher = filter.teacher ? await deps.db.selectFrom('users').select('username').where('id', '=', filter.teacher).executeTakeFirst() : undefined;
      csvHeaders(res, detailFileName(teacher?.username ?? 'all', deps.clock.now()));
      // Headers are sent with the first chunk: a failure after that can only cut the download short.
      await pipeline(detailCsvStream(deps, filter), res).catch(() => res.destroy());
    }),
  );
  r.get(
    '/admin/attendance-details/:teacher/:student',
    admin,
    handle(async (req, res) => {
      const pair = parseInput(ZPairInput, req.params);
      res.json(await pairDetail(deps, parseInput(ZAttendanceFilter, req.query), pair));
    }),
  );
  return r;
}
