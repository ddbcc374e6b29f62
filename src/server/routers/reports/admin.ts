import { z } from 'zod';
import { ZAttendanceDetailsInput, ZAttendanceFilter, ZPairInput } from '@shared/schemas/admin';
import { attendanceChartTotals, attendancePairsPage, attendanceSummary, pairDetail, reviewRates } from '@server/services/reports/index';
import { router } from '@server/trpc';
import { adminProcedure } from '../tiers';

/** The admin reports; REST twins (and the CSV downloads) in rest/reports/admin-reports.ts. */
export const adminReportRouter = router({
  summary: adminProcedure.input(ZAttendanceFilter.optional()).query(({ ctx, input }) => attendanceSummary(ctx, input ?? {})),
  attendanceDetails: adminProcedure.input(ZAttendanceDetailsInput).query(({ ctx, input }) => attendancePairsPage(ctx, input)),
  pairDetail: adminProcedure.input(z.intersection(ZAttendanceFilter, ZPairInput)).query(({ ctx, input }) => pairDetail(ctx, input, input)),
  charts: adminProcedure.input(ZAttendanceFilter).query(({ ctx, input }) => attendanceChartTotals(ctx, input)),
  /** Issue 39: the semester's review requests by department and what their teachers decided. */
  reviewRates: adminProcedure.query(({ ctx }) => reviewRates(ctx)),
});
