import { router } from '../trpc';
import { accountRouter } from './account';
import { adminRouter } from './admin';
import { attendanceRuleRouter } from './attendance-rule';
import { authRouter } from './auth';
import { settingsRouter } from './settings';
import { studentRouter } from './student';
import { teacherRouter } from './teacher';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  teacher: teacherRouter,
  student: studentRouter,
  account: accountRouter,
  settings: settingsRouter,
  attendanceRule: attendanceRuleRouter,
});

export type AppRouter = typeof appRouter;
