import { roleProcedure } from '@server/trpc';

/**
 * The tiers the routers grant, named once so that a tier means the same roles in every router: staff are teachers and
 * admins, as on the teacher dashboard (SPEC's route table). trpc.ts keeps the one roleProcedure they are built from.
 */
export const studentProcedure = roleProcedure('student');
export const staffProcedure = roleProcedure('teacher', 'admin');
export const adminProcedure = roleProcedure('admin');
