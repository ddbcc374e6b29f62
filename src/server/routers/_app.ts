import { router } from '../trpc';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { studentRouter } from './student';
import { teacherRouter } from './teacher';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  teacher: teacherRouter,
  student: studentRouter,
});

export type AppRouter = typeof appRouter;
