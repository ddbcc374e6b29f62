import { mergeRouters, router } from '../trpc';
import { accountRouter } from './accounts/account';
import { adminAccountRouter } from './accounts/admin';
import { authRouter } from './accounts/auth';
import { invitationRouter } from './accounts/invitation';
import { rosterRouter } from './accounts/roster';
import { studentAccountRouter } from './accounts/student';
import { teacherAccountRouter } from './accounts/teacher';
import { adminAttendanceRouter } from './attendance/admin';
import { settingsRouter } from './attendance/settings';
import { studentAttendanceRouter } from './attendance/student';
import { teacherAttendanceRouter } from './attendance/teacher';
import { timetableRouter } from './attendance/timetable';
import { adminFaceRouter } from './faces/admin';
import { studentFaceRouter } from './faces/student';
import { teacherFaceRouter } from './faces/teacher';
import { adminReportRouter } from './reports/admin';
import { attendanceRuleRouter } from './reports/attendance-rule';
import { studentReportRouter } from './reports/student';
import { adminNoticesRouter } from './notices/admin';
import { noticesRouter } from './notices/notices';

/**
 * The routers sit by services domain (routers/<domain>/<role>.ts); each role's are merged under its key, so a
 * procedure's path names who calls it (student.markAttendance, admin.summary) whichever domain serves it.
 */
export const appRouter = router({
  auth: mergeRouters(authRouter, invitationRouter),
  account: accountRouter,
  student: mergeRouters(studentAccountRouter, studentAttendanceRouter, studentFaceRouter, studentReportRouter),
  teacher: mergeRouters(teacherAccountRouter, rosterRouter, teacherAttendanceRouter, teacherFaceRouter),
  admin: mergeRouters(adminAccountRouter, adminAttendanceRouter, adminFaceRouter, adminReportRouter, adminNoticesRouter),
  notices: noticesRouter,
  settings: settingsRouter,
  attendanceRule: attendanceRuleRouter,
  timetable: timetableRouter,
});

export type AppRouter = typeof appRouter;
