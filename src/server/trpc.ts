import { TRPCError, initTRPC } from '@trpc/server';
import { ZodError } from 'zod';
import type { Role } from '../shared/constants';
import { MSG } from '../shared/messages';
import type { Context } from './context';
import { DomainError } from './lib/errors';

const TRPC_CODE = {
  VALIDATION: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  BUSY: 'SERVICE_UNAVAILABLE',
} as const;

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const domain = cause instanceof DomainError ? cause : null;
    // Stack traces and internal messages never leave the server.
    const internal = error.code === 'INTERNAL_SERVER_ERROR' && !domain;
    // A bad input reads as REST's does (lib/errors.ts zodToDomainError): its first message, not zod's JSON dump.
    const invalid = cause instanceof ZodError ? (cause.issues[0]?.message ?? MSG.server.validation) : null;
    return {
      ...shape,
      message: internal ? MSG.server.internal : (invalid ?? shape.message),
      data: {
        code: shape.data.code,
        httpStatus: shape.data.httpStatus,
        errorCode: domain?.details.errorCode ?? null,
        fieldErrors: cause instanceof ZodError ? cause.flatten().fieldErrors : (domain?.details.fieldErrors ?? null),
      },
    };
  },
});

/** Turns a service's DomainError into the matching TRPCError, keeping the message the user should see. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const d = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[d.kind], message: d.message, cause: d });
  }
  return result;
});

export const router = t.router;
/** One router of several with distinct keys: each role's routers, one per services domain, under one key (routers/_app.ts). */
export const mergeRouters = t.mergeRouters;
export const publicProcedure = t.procedure.use(mapDomainErrors);

/** Any signed-in, active user; narrows ctx.user to non-null. */
export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw new TRPCError({ code: 'UNAUTHORIZED', message: MSG.auth.unauthorized });
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** Signed-in users whose role is one of `roles`; everyone else gets FORBIDDEN. */
export const roleProcedure = (...roles: Role[]) =>
  authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.user.role)) throw new TRPCError({ code: 'FORBIDDEN', message: MSG.auth.forbidden });
    return next({ ctx });
  });
