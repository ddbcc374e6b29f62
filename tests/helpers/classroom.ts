import { expect } from 'vitest';
import type { Clock } from '@server/lib/clock';
import { pointNorthOf } from './geo';
import { getJson, postJson } from '@harness/api-client';
import { insertProof } from './proofs';
import { signInTestUser, type TestServer } from './test-server';

export const CENTRE = { latitude: 23.0225, longitude: 72.5714 };

/** Where a mark comes from: the browser's device id, its address (X-Forwarded-For, TRUST_PROXY), its position. */
export interface Signals {
  ip: string;
  device_id?: string;
  latitude: number;
  longitude: number;
  accuracy: number;
}

/** Signals of the i-th student of a clean class: a device, an address, a spot and an accuracy of their own. */
export const ownSignals = (i: number): Signals => ({
  ip: `198.51.100.${10 + i}`,
  device_id: `device-of-student-${String(i).padStart(4, '0')}`,
  ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 1 + i * 0.9),
  accuracy: 6 + i * 0.7,
});

/**
 * A student as the steps send them: their login token and, for their browser, the device cookie its login set (none:
 * a REST client, whose marks are flagged 'not from a browser').
 */
export interface Marker {
  id: number;
  email: string;
  token: string;
  cookie?: string;
}

/**
 * A teacher's (a new one unless given) running session for `students` new students of one department, and the student's two steps of a
 * mark through real HTTP: the geofence step, then the final mark after a face check (a stored proof of the login, on
 * the device the student's cookie names). The students act as their browsers: each step sends the device cookie of
 * their login. With a room code, each step types the code the teacher's screen shows at that moment (GET /api/room_code).
 */
export async function classroom(
  srv: TestServer,
  clock: Clock,
  opts: { department: string; students: number; roomCode?: boolean; teacher?: { id: number; token: string } },
) {
  const roomCode = opts.roomCode ?? true;
  const teacher = opts.teacher ?? (await signInTestUser(srv, { role: 'teacher', department: opts.department }));
  const students = [];
  for (let i = 0; i < opts.students; i++) students.push(await signInTestUser(srv, { role: 'student', department: opts.department }));
  const started = await postJson(
    `${srv.url}/api/start_geofence`,
    { teacher_id: teacher.id, ...CENTRE, radius: 50, department: opts.department, room_code: roomCode },
    teacher.token,
  );
  expect(started.status).toBe(201);
  const sessionId = started.body.session_id as number;

  const screen = async () => (roomCode ? ((await getJson(`${srv.url}/api/room_code`, teacher.token)).body.code as string) : undefined);
  const post = (student: Pick<Marker, 'token' | 'cookie'>, body: object, ip: string) =>
    postJson(`${srv.url}/api/mark_attendance`, body, student.token, { 'x-forwarded-for': ip, ...(student.cookie ? { cookie: student.cookie } : {}) });
  /**
   * The code each login's last geofence step sent: its final mark sends that very code, as the page hands it on
   * (issue 35's rule), not the screen's again, which may have turned over in between.
   */
  const stepCodes = new Map<string, string | undefined>();
  const bodyOf = ({ ip: _ip, ...s }: Signals, room_code: string | undefined) => ({ ...s, room_code });
  /** The device the student's cookie names, as the face check keeps it. */
  const deviceOf = (student: Marker) => srv.deps.devices.deviceFor(student.email, student.cookie?.slice('rc_device='.length), clock.now()) ?? undefined;

  /** The geofence step alone. */
  const step = async (student: Pick<Marker, 'token' | 'cookie'>, s: Signals) => {
    const code = await screen();
    stepCodes.set(student.token, code);
    return post(student, bodyOf(s, code), s.ip);
  };
  /** The final mark as it is sent, with no face check made for it (a script's, unless a proof was stored). */
  const sendFinalMark = async (student: Marker, s: Signals) => {
    const code = stepCodes.has(student.token) ? stepCodes.get(student.token) : await screen();
    return post(student, { ...bodyOf(s, code), face_verified: true }, s.ip);
  };
  /** The final mark alone, after a face check of this login on this device. */
  const finalMark = async (student: Marker, s: Signals) => {
    await insertProof(srv.db, clock, student, { deviceId: deviceOf(student) });
    return sendFinalMark(student, s);
  };
  /** Both steps; expects the student marked present. */
  const mark = async (student: Marker, s: Signals) => {
    expect((await step(student, s)).body).toMatchObject({ status: 'geofence_checked' });
    const res = await finalMark(student, s);
    expect(res.body).toMatchObject({ status: 'present' });
  };

  /** The teacher's Students tab rows of this class's students, by student id. */
  const rows = async () => {
    const res = await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=100&search=`, teacher.token);
    expect(res.status).toBe(200);
    return new Map((res.body.allStudents as { student_id: number; flags: { code: string; text: string }[]; flagged: boolean }[]).map((r) => [r.student_id, r]));
  };
  /** A student's flags as the teacher sees them: code and text. */
  const flagsOf = async (student: { id: number }) => (await rows()).get(student.id)!.flags;
  const stop = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  return { teacher, students, sessionId, step, sendFinalMark, finalMark, mark, rows, flagsOf, stop };
}
