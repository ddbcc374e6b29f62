/** Typed domain errors thrown by services; the REST and tRPC edges map them to their own shapes. */
export type DomainErrorKind =
  | 'VALIDATION'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'TOO_MANY_REQUESTS'
  | 'BUSY'
  | 'PAYLOAD_TOO_LARGE';

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
