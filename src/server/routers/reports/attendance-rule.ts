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

const admin = roleProcedure('admin');

/** Issue 24's attendance rule on every screen; REST twins in rest/reports/attendance-rule.ts. */
export const attendanceRuleRouter = router({
  settings: admin.query(({ ctx }) => attendanceRuleForAdmin(ctx)),
  setSettings: admin.input(ZAttendanceRuleInput).mutation(({ ctx, input }) => setAttendanceRule(ctx, ctx.user, input)),
  standing: roleProcedure('student').query(({ ctx }) => studentStanding(ctx, ctx.user)),
  atRisk: roleProcedure('teacher').query(({ ctx }) => atRiskStudents(ctx, ctx.user)),
  shortfall: admin.input(ZShortfallPageInput).query(({ ctx, input }) => shortfallReport(ctx, input)),
  /** Issue 39: absences in a row before a student is warned (0: off). */
  absenceWarning: admin.query(({ ctx }) => absenceWarningForAdmin(ctx)),
  setAbsenceWarning: admin.input(ZAbsenceWarningInput).mutation(({ ctx, input }) => setAbsenceWarning(ctx, ctx.user, input.absences_in_a_row)),
});
