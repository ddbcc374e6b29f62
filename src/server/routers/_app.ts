import { router } from '../trpc';
import { adminRouter } from './admin';
import { authRouter } from './auth';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
