import http from 'node:http';
import type { inferRouterOutputs } from '@trpc/server';
import { readFixture } from './face-fixtures';
import { GOOD_FIELDS, postJson, postRegister } from './api-client';
import type { DB } from '@server/db/connect';
import type { AppRouter } from '@server/routers/_app';

/** The server a student enrolls on: its address, and its database to find the new account in. */
type Server = { url: string; db: DB };

/** A face check's answer: the REST door answers what student.compareFaceVideo does. */
type FaceCheckAnswer = inferRouterOutputs<AppRouter>['student']['compareFaceVideo'];

/**
 * The fixture people with enrollment photos: aoc blinks three times in its clip, mcguinness never; p1 and p3 are the
 * people of the challenge clips (head turns, blinks, winks: faces/challenge/README.md).
 */
const PHOTOS = {
  aoc: ['clips', 'enroll_aoc_f005.jpg', 'enroll_aoc_f045.jpg', 'enroll_aoc_f070.jpg'],
  mcguinness: ['clips', 'enroll_mcguinness_f003.jpg', 'enroll_mcguinness_f025.jpg', 'enroll_mcguinness_f115.jpg'],
  p1: ['challenge', 'enroll_p1_src5.jpg', 'enroll_p1_src176.jpg', 'enroll_p1_src181.jpg'],
  p3: ['challenge', 'enroll_p3_src185.jpg', 'enroll_p3_src192.jpg', 'enroll_p3_src200.jpg'],
} as const;
export const CLIPS = { aoc: 'aoc_3blinks_3s.webm', mcguinness: 'mcguinness_0blinks_3s.webm' } as const;

/** Registers a student with a fixture person's three photos, has the teacher approve them, and logs in. */
export async function enrolledStudent(srv: Server, teacherToken: string, person: keyof typeof PHOTOS, email: string) {
  const [dir, ...files] = PHOTOS[person];
  const images = files.map((f) => ({ data: readFixture(dir, f) }));
  const reg = await postRegister(srv.url, { ...GOOD_FIELDS, email, username: email.split('@')[0].replace(/[^a-z0-9]/gi, '') }, images);
  if (reg.status !== 201) throw new Error(`registration of ${person} answered ${reg.status}: ${reg.text}`);
  const user = await srv.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  await fetch(`${srv.url}/api/approve_students`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${teacherToken}` },
    body: JSON.stringify({ user_ids: [user.id] }),
  });
  return { id: user.id, email, token: await logIn(srv, email) };
}

/** One more login of the account (POST /api/login): another device, another token id. */
export async function logIn(srv: Server, email: string, password = GOOD_FIELDS.password): Promise<string> {
  return (await postJson(`${srv.url}/api/login`, { email, password })).body.token as string;
}

/** POST /api/compare-face-video as the page sends it: the challenge's fields first, then the video. */
export async function compareFaceVideo(srv: Server, token: string, video: Buffer, fields: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('video', new Blob([new Uint8Array(video)], { type: 'video/webm' }), 'clip.webm');
  const res = await fetch(`${srv.url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body: form });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) };
}

/**
 * A compare-face-video upload sent in two parts: the request and the first bytes now, the rest when `finish` is
 * called (a slow connection), so the check is in flight for as long as the test wants. `abort` drops the connection.
 */
export function slowUpload(srv: Server, token: string, video: Buffer) {
  const boundary = `rollcall-${Math.random().toString(36).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="video"; filename="clip.webm"\r\nContent-Type: video/webm\r\n\r\n`),
    video,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const req = http.request(`${srv.url}/api/compare-face-video`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': body.length },
  });
  const answer = new Promise<{ status: number; body: FaceCheckAnswer }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (s: string) => {
        text += s;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) }));
    });
    req.on('error', reject);
  });
  answer.catch(() => undefined); // an aborted upload has no answer
  const first = 1024;
  req.write(body.subarray(0, first));
  return {
    finish: () => {
      req.end(body.subarray(first));
      return answer;
    },
    abort: () => req.destroy(),
  };
}

/** Waits until `condition` holds (the test's own timeout bounds it): for a state another request brings about. */
export async function until(condition: () => Promise<boolean>, everyMs = 20): Promise<void> {
  while (!(await condition())) await new Promise((r) => setTimeout(r, everyMs));
}
