import { REQUEST_TIMEOUT_MS } from '@shared/constants';
import { reportRefusedToken } from './refused-token';
import { getToken } from '../auth/session';

/**
 * A report filter as a query string: empty values left out, and a flag (flagged only) sent only when set, since
 * "false" in a query string is easily read as a value, and an unset flag means no filter.
 */
export function downloadQuery(query: Record<string, unknown>): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if ((typeof v === 'string' && v !== '') || typeof v === 'number' || v === true) params.set(k, String(v));
  return params;
}

/** A file download the server streams (the CSV exports): fetched with the bearer header, then saved by the browser. */
export async function downloadFile(path: string, query: Record<string, unknown> = {}): Promise<string> {
  const params = downloadQuery(query);
  const token = getToken();
  const res = await fetch(`/api${path}${params.size ? `?${params}` : ''}`, {
    headers: token ? { Authorization: `Bearer ${token}` } : {},
    // A long export streams for a while: the timeout covers the first byte, not the whole body.
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS * 10),
  });
  if (res.status === 401) reportRefusedToken(token);
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('Content-Disposition') ?? '')?.[1] ?? 'download.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
