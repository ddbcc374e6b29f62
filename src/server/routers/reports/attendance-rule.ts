import { ZAttendanceRuleInput, ZShortfallPageInput } from '@shared/schemas/attendance-rule';
import { ZAbsenceWarningInput } from '@shared/schemas/notices';
import {
  absenceWarningForAdmin,
  atRiskStudents,
  attendanceRuleForAdmin,
  setAbsenceWarning,
  setAttendanceRule,
  shortfallReport,
  studentStanding,
} from '@server/services/reports/index';
import { roleProcedure, router } from '@server/trpc';
import { adminProcedure, studentProcedure } from '../tiers';

/** Issue 24's attendance rule on every screen; REST twins in rest/reports/attendance-rule.ts. */
export const attendanceRuleRouter = router({
  settings: adminProcedure.query(({ ctx }) => attendanceRuleForAdmin(ctx)),
  setSettings: adminProcedure.input(ZAttendanceRuleInput).mutation(({ ctx, input }) => setAttendanceRule(ctx, ctx.user, input)),
  standing: studentProcedure.query(({ ctx }) => studentStanding(ctx, ctx.user)),
  atRisk: roleProcedure('teacher').query(({ ctx }) => atRiskStudents(ctx, ctx.user)),
  shortfall: adminProcedure.input(ZShortfallPageInput).query(({ ctx, input }) => shortfallReport(ctx, input)),
  /** Issue 39: absences in a row before a student is warned (0: off). */
  absenceWarning: adminProcedure.query(({ ctx }) => absenceWarningForAdmin(ctx)),
  setAbsenceWarning: adminProcedure.input(ZAbsenceWarningInput).mutation(({ ctx, input }) => setAbsenceWarning(ctx, ctx.user, input.absences_in_a_row)),
});
