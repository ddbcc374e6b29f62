import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/routers/_app';

/** Every admin shape comes from the router: nothing here is written by hand. */
type AdminOutputs = inferRouterOutputs<AppRouter>['admin'];
export type AdminUser = AdminOutputs['users'][number];
export type PairRow = AdminOutputs['attendanceDetails']['data'][number];
export type DetailRow = AdminOutputs['pairDetail'][number];
export type AttendanceFilter = inferRouterInputs<AppRouter>['admin']['charts'];
export type CreateUserInput = inferRouterInputs<AppRouter>['admin']['createUser'];
export type UserChanges = inferRouterInputs<AppRouter>['admin']['updateUser']['changes'];
export type ContactMessage = AdminOutputs['contactMessages']['data'][number];
