import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import type { RestErrorBody } from '@server/rest/http';
import { NoResponseError } from './no-response';
import { reportRefusedToken } from './refused-token';
import { getToken } from '../auth/session';

/**
 * What a REST call answers: the success body typed from the router's outputs (lib/api/trpc.ts RouterOutputs), or the
 * server's error body (rest/http.ts) with its Retry-After header (lib/api/retry-after.ts reads it). A body that is not JSON
 * arrives as an empty object.
 */
export type RestAnswer<T> = { ok: true; status: number; data: T } | { ok: false; status: number; data: Partial<RestErrorBody>; retryAfter: string | null };

interface RestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  json?: unknown;
  formData?: FormData;
}

/**
 * The one place REST calls leave the browser, for what tRPC does not carry: the multipart uploads (registration
 * images, the face video) and the public contact form. A bearer header when a token is stored, a 30 s timeout,
 * and a 401 to a sent token reported like tRPC's (components/app-state/refused-token-redirect.tsx).
 */
export async function restRequest<T>(path: string, opts: RestOptions = {}): Promise<RestAnswer<T>> {
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body: BodyInit | undefined;
  if (opts.formData) body = opts.formData;
  else if (opts.json !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(opts.json);
  }

  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers,
      body,
      credentials: 'include',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new NoResponseError(err);
  }
  if (res.status === 401) reportRefusedToken(token);
  const data = await res.json().catch(() => ({}));
  return res.ok
    ? { ok: true, status: res.status, data: data as T }
    : { ok: false, status: res.status, data: data as Partial<RestErrorBody>, retryAfter: res.headers.get('Retry-After') };
}
