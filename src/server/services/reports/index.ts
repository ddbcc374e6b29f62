/**
 * Reports: the administrator's views over the attendance records. The in-memory facts and their cache, the summary, pairs
 * and charts, the detail view and the CSVs, the attendance rule's standings, shortfall and the warnings sent when a
 * session ends (attendance-rule/), and the review requests' rates by department.
 * Code outside this folder imports it from here only; files inside import each other directly.
 */
export { pairDetail } from './attendance-detail';
export { filteredRecords } from './attendance-filter';
export { attendanceChartTotals, attendancePairsPage } from './attendance-pairs';
export { atRiskStudents } from './attendance-rule/at-risk';
export { attendanceRuleForAdmin, setAttendanceRule } from './attendance-rule/rule-settings';
export { shortfallCsv, shortfallReport } from './attendance-rule/shortfall';
export { studentAttendanceList, studentStanding } from './attendance-rule/student-standing';
export { absenceWarningForAdmin, setAbsenceWarning, warnAfterEndedSessions } from './attendance-rule/warnings';
export { attendanceSummary } from './attendance-summary';
export { detailCsvStream, detailFileName, summaryFileName } from './detail-csv';
export { createReportCache } from './report-cache';
export { reviewRates } from './review-rates';
export { summaryCsv } from './summary-csv';
