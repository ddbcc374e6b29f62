import type { ZodError, ZodType } from 'zod';
import { MSG } from '@shared/messages';

/** Typed domain errors thrown by services; the REST and tRPC edges map them to their own shapes. */
export type DomainErrorKind = 'VALIDATION' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS' | 'BUSY' | 'PAYLOAD_TOO_LARGE';

export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly details: { errorCode?: string; retryAfterSeconds?: number; fieldErrors?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const HTTP_STATUS: Record<DomainErrorKind, number> = {
  VALIDATION: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  BUSY: 503,
};

/** Throws a VALIDATION error carrying the first message (what a form shows) and every field's first message. */
export function zodToDomainError(error: ZodError, errorCode?: string): never {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) fieldErrors[String(issue.path[0] ?? 'form')] ??= issue.message;
  throw new DomainError('VALIDATION', error.issues[0]?.message ?? MSG.server.validation, { fieldErrors, errorCode });
}

/** Validates a value with a shared zod schema at an edge; `errorCode` tags the failure where the spec has one. */
export function parseInput<S extends ZodType>(schema: S, value: unknown, errorCode?: string): S['_output'] {
  const r = schema.safeParse(value ?? {});
  if (!r.success) zodToDomainError(r.error, errorCode);
  return r.data;
}
