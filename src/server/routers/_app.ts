import { router } from '../trpc';
import { accountRouter } from './account';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { studentRouter } from './student';
import { teacherRouter } from './teacher';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  teacher: teacherRouter,
  student: studentRouter,
  account: accountRouter,
});

export type AppRouter = typeof appRouter;
