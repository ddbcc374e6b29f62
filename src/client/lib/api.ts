import { REQUEST_TIMEOUT_MS } from '../../shared/constants';
import { reportRefusedToken } from './refused-token';
import { getToken } from './session';

/** Thrown when the server could not be reached or did not answer within the timeout. */
export class NoResponseError extends Error {
  constructor(cause?: unknown) {
    super('No response from server', { cause });
    this.name = 'NoResponseError';
  }
}

export interface ApiResponse<T> {
  ok: boolean;
  status: number;
  data: T;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  json?: unknown;
  formData?: FormData;
  timeoutMs?: number;
}

/**
 * The one place REST calls leave the browser: JSON or multipart bodies, a bearer header when a token is stored,
 * credentials included and a 30 s timeout. A body that is not JSON resolves to an empty object.
 */
export async function apiRequest<T = Record<string, unknown>>(path: string, opts: RequestOptions = {}): Promise<ApiResponse<T>> {
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
      signal: AbortSignal.timeout(opts.timeoutMs ?? REQUEST_TIMEOUT_MS),
    });
  } catch (err) {
    throw new NoResponseError(err);
  }
  if (res.status === 401) reportRefusedToken(token);
  const data = (await res.json().catch(() => ({}))) as T;
  return { ok: res.ok, status: res.status, data };
}
