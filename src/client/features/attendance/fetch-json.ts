import { apiRequest } from '@/lib/api';

/** A REST answer that was not 2xx; `message` is the server's `error`/`message` when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

type Options = Parameters<typeof apiRequest>[1];

/** apiRequest for query functions: resolves to the body on 2xx, throws ApiError otherwise (NoResponseError when offline). */
export async function fetchJson<T>(path: string, opts?: Options): Promise<T> {
  const res = await apiRequest<T & { error?: string; message?: string }>(path, opts);
  if (!res.ok) {
    const serverMessage = res.data.error || res.data.message || null;
    throw new ApiError(serverMessage ?? `HTTP ${res.status}`, res.status, serverMessage);
  }
  return res.data;
}

/** The server's message when there is one, else the page's fallback text. */
export const errorText = (err: unknown, fallback: string) => (err instanceof ApiError && err.serverMessage) || fallback;
