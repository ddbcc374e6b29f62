import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import { authenticate, type AuthUser } from './auth/authenticate';
import type { AppDeps } from './deps';

export type Context = AppDeps & { user: AuthUser | null; ip: string };

/** Context for a call made without HTTP (tests, scripts): the caller states who the user is. */
export function createContextInner(deps: AppDeps, user: AuthUser | null = null, ip = '127.0.0.1'): Context {
  return { ...deps, user, ip };
}

/** Per-request context: the database and services travel here, never as globals. */
export function createContextFactory(deps: AppDeps) {
  return async ({ req }: CreateExpressContextOptions): Promise<Context> =>
    createContextInner(deps, await authenticate(deps, req.headers.authorization), req.ip ?? 'unknown');
}
