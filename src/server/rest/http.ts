import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { ZodType } from 'zod';
import { MSG } from '@shared/messages';
import { authenticate, type AuthUser } from '../auth/authenticate';
import type { AppDeps } from '../deps';
import { DomainError, HTTP_STATUS, parseInput } from '../lib/errors';
import { jsonBody } from '../lib/http/json-limits';
import type { Role } from '@shared/constants';
import { logger } from '../lib/logger';
import { noteUserId } from '../lib/http/request-log';

/**
 * The REST error body: `message`/`error` for the spec's two client styles, `error_code` (the reason as a code, for
 * clients to decide on) where the service gave one. The browser client reads it as this type (client/lib/api/rest.ts).
 */
export interface RestErrorBody {
  success: false;
  message: string;
  error: string;
  error_code?: string;
  retry_after?: number;
  errors?: Record<string, string>;
}

export function sendError(res: Response, err: unknown): void {
  if (err instanceof DomainError) {
    if (err.details.retryAfterSeconds) res.setHeader('Retry-After', String(err.details.retryAfterSeconds));
    const body: RestErrorBody = {
      success: false,
      message: err.message,
      error: err.message,
      ...(err.details.errorCode ? { error_code: err.details.errorCode } : {}),
      ...(err.details.retryAfterSeconds ? { retry_after: err.details.retryAfterSeconds } : {}),
      ...(err.details.fieldErrors ? { errors: err.details.fieldErrors } : {}),
    };
    res.status(HTTP_STATUS[err.kind]).json(body);
    return;
  }
  logger.error({ err }, 'rest: unexpected error');
  res.status(500).json({ success: false, message: MSG.server.internal, error: MSG.server.internal } satisfies RestErrorBody);
}

/** Wraps an async handler so a thrown error becomes the right REST response instead of a crash. */
export const handle =
  (fn: (req: Request, res: Response) => Promise<unknown>): RequestHandler =>
  (req, res) => {
    fn(req, res).catch((err) => sendError(res, err));
  };

export type AuthedRequest = Request & { user: AuthUser };

/** The caller requireUser let through: only in a handler behind it. */
export const userOf = (req: Request): AuthUser => (req as AuthedRequest).user;

/** requireUser's answer for a caller: 401 without a live user, 403 for another role, null when they may go on. */
function authRefusal(user: AuthUser | null, roles: Role[]): DomainError | null {
  if (!user) return new DomainError('UNAUTHORIZED', MSG.auth.unauthorized);
  if (roles.length && !roles.includes(user.role)) return new DomainError('FORBIDDEN', MSG.auth.forbidden);
  return null;
}

/** Bearer authentication for REST; with `roles`, others get 403. */
export function requireUser(deps: AppDeps, ...roles: Role[]): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    authenticate(deps, req.headers.authorization)
      .then((user) => {
        const refusal = authRefusal(user, roles);
        if (refusal) return sendError(res, refusal);
        (req as AuthedRequest).user = user!;
        noteUserId(res, user!.id);
        next();
      })
      .catch((err) => sendError(res, err));
  };
}

/** A guarded route's answer: what `call` returns for the caller requireUser let through, as JSON (`status` for a create). */
export const serve = (call: (user: AuthUser, req: Request) => Promise<unknown>, status = 200): RequestHandler =>
  handle(async (req, res) => {
    res.status(status).json(await call(userOf(req), req));
  });

/** As serve, for a route that takes a JSON body: read within jsonBody's limits and checked against `schema` first. */
export const serveBody = <S extends ZodType>(schema: S, call: (user: AuthUser, input: S['_output']) => Promise<unknown>, status = 200): RequestHandler[] => [
  jsonBody(),
  serve((user, req) => call(user, parseInput(schema, req.body)), status),
];
