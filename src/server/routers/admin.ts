import { z } from 'zod';
import { ROLES } from '../../shared/constants';
import { listDepartments } from '../services/departments';
import { listUsers } from '../services/admin-users';
import { publicProcedure, roleProcedure, router } from '../trpc';

export const adminRouter = router({
  departments: publicProcedure.query(({ ctx }) => listDepartments(ctx)),
  users: roleProcedure('admin')
    .input(z.object({ role: z.enum(ROLES).optional() }).optional())
    .query(({ ctx, input }) => listUsers(ctx, input ?? {})),
});
