import { ZStudentPageInput } from '@shared/schemas/attendance/attendance';
import { studentAttendanceList } from '@server/services/reports/index';
import { router } from '@server/trpc';
import { studentProcedure } from '../tiers';

/** The student's own records, a page at a time; REST twin in rest/reports/student.ts. */
export const studentReportRouter = router({
  attendance: studentProcedure.input(ZStudentPageInput).query(({ ctx, input }) => studentAttendanceList(ctx, ctx.user, input.page, input.limit)),
});
