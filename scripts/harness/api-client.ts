import { createTRPCClient, httpLink } from '@trpc/client';
import sharp from 'sharp';
import type { AppRouter } from '@server/routers/_app';

/** `headers`: more request headers, such as the Cookie a browser sends (its rc_device cookie). */
export const postJson = (url: string, body: unknown, token?: string, headers?: Record<string, string>) => sendJson('POST', url, body, token, headers);
export const patchJson = (url: string, body: unknown, token?: string) => sendJson('PATCH', url, body, token);
export const putJson = (url: string, body: unknown, token?: string) => sendJson('PUT', url, body, token);

async function sendJson(method: 'POST' | 'PATCH' | 'PUT', url: string, body: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    body: JSON.stringify(body),
  });
  return readAnswer(res);
}

export async function getJson(url: string, token?: string) {
  const res = await fetch(url, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return readAnswer(res);
}

/** An answer as the tests read it: its status, headers and text, and its JSON body (undefined when it is not JSON). */
export async function readAnswer(res: Response) {
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, body: safeJson(text) };
}

// biome-ignore lint/suspicious/noExplicitAny: an answer's body is whatever the server sent; the tests assert its shape (toEqual, toMatchObject)
function safeJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export const GOOD_FIELDS = {
  username: 'asha01',
  email: 'asha@school.test',
  phone_number: '9876543210',
  role: 'student',
  department_name: 'BCA',
  password: 'Str0ng!pass',
};

/** POST /api/register as the browser form does: text fields plus files in `images`. */
export async function postRegister(baseUrl: string, fields: Record<string, string>, images: { data: Buffer; name?: string; type?: string }[]) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [i, img] of images.entries())
    form.append('images', new Blob([new Uint8Array(img.data)], { type: img.type ?? 'image/jpeg' }), img.name ?? `face${i + 1}.jpg`);
  const res = await fetch(`${baseUrl}/api/register`, { method: 'POST', body: form });
  const text = await res.text();
  return { status: res.status, text, body: safeJson(text) };
}

/** A valid JPEG with no face in it. */
export const plainJpeg = (color = '#8899aa') =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .jpeg({ quality: 70 })
    .toBuffer();

export function trpcClient(baseUrl: string, token?: string) {
  return createTRPCClient<AppRouter>({
    links: [httpLink({ url: `${baseUrl}/trpc`, headers: () => (token ? { authorization: `Bearer ${token}` } : {}) })],
  });
}
