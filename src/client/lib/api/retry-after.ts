import type { RestErrorBody } from '@server/rest/http';

/** Retries after the first refusal: a busy server asked twice more is enough; then the person reads its answer. */
export const MAX_RETRIES = 2;
/** A longer wait than this is the server saying "not now": the page tells the person rather than hang silently. */
export const MAX_RETRY_WAIT_SECONDS = 10;
/** The statuses whose Retry-After means "the same request, later": busy (503) and too many at once (429). */
const RETRYABLE = new Set([429, 503]);

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 10.2.3); null when absent or unreadable. */
export function parseRetryAfter(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** A REST answer that was not a success, thrown by a mutation so TanStack Query sees a failure. */
export class RestRefusal extends Error {
  readonly retryAfterSeconds: number | null;
  constructor(
    readonly status: number,
    readonly body: Partial<RestErrorBody>,
    retryAfter: string | null,
  ) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'RestRefusal';
    this.retryAfterSeconds = parseRetryAfter(retryAfter);
  }
}

type Answer<T> = { ok: true; data: T } | { ok: false; status: number; data: Partial<RestErrorBody>; retryAfter: string | null };

/** The answer's data, or its refusal thrown: what a mutationFn over lib/api/rest.ts returns. */
export function restData<T>(answer: Answer<T>): T {
  if (answer.ok) return answer.data;
  throw new RestRefusal(answer.status, answer.data, answer.retryAfter);
}

/** Seconds to wait before sending the same request again, or null when it must not be sent again. */
export function retryWaitSeconds(error: unknown): number | null {
  if (!(error instanceof RestRefusal) || !RETRYABLE.has(error.status)) return null;
  const wait = error.retryAfterSeconds;
  return wait !== null && wait <= MAX_RETRY_WAIT_SECONDS ? wait : null;
}

/**
 * The retry options of a REST mutation: only a 429 or 503 that says when (Retry-After, at most 10 s) is sent again,
 * at most twice. Any other refusal is the server's answer (a 4xx verdict is not a failure), and no answer at all
 * (a timeout, a dropped connection) may have been acted on, so neither is repeated.
 */
export const retryAfterPolicy = {
  retry: (failureCount: number, error: unknown) => failureCount < MAX_RETRIES && retryWaitSeconds(error) !== null,
  retryDelay: (_failureCount: number, error: unknown) => (retryWaitSeconds(error) ?? 0) * 1000,
};
