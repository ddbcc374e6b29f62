import type { CreateExpressContextOptions } from '@trpc/server/adapters/express';
import { authenticate, type AuthUser } from './auth/authenticate';
import type { AppDeps } from './deps';
import { type CookieJar, parseCookies } from './lib/http/cookies';
import { originOf } from './lib/http/caller';
import { userAgentOf } from './lib/http/user-agent';
import { noteUserId } from './lib/http/request-log';

/** What the procedures may know of the HTTP exchange: the caller and the request's cookies, and a way to set one. */
export interface CallerContext {
  ip: string;
  /** The User-Agent header, at most USER_AGENT_MAX characters ('' when absent). */
  userAgent: string;
  cookies: CookieJar;
  /** Whether the request came over https (behind a proxy: as TRUST_PROXY lets Express read it). */
  secure: boolean;
  /** Protocol and host the caller reached us at (lib/http/origin.ts), for links handed out such as the room code's. */
  origin: string;
  /** Adds a Set-Cookie header (cookie.serialize's output) to the answer. */
  setCookie(header: string): void;
}

export type Context = AppDeps & { user: AuthUser | null } & CallerContext;

/** Context for a call made without HTTP (tests, scripts): the caller states who the user is; set cookies go nowhere. */
export function createContextInner(deps: AppDeps, user: AuthUser | null = null, ip = '127.0.0.1', caller: Partial<Omit<CallerContext, 'ip'>> = {}): Context {
  return { ...deps, user, ip, userAgent: '', cookies: {}, secure: false, origin: 'http://localhost', setCookie: () => undefined, ...caller };
}

/** Per-request context: the database and services travel here, never as globals. */
export function createContextFactory(deps: AppDeps) {
  return async ({ req, res }: CreateExpressContextOptions): Promise<Context> => {
    const user = await authenticate(deps, req.headers.authorization);
    if (user) noteUserId(res, user.id);
    return createContextInner(deps, user, req.ip ?? 'unknown', {
      userAgent: userAgentOf(req.headers['user-agent']),
      cookies: parseCookies(req.headers.cookie),
      secure: req.secure,
      origin: originOf(req),
      setCookie: (header) => res.append('Set-Cookie', header),
    });
  };
}
