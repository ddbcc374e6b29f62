import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from './_app';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/** The browser reads through tRPC, other clients through REST: both paths call the same services and answer the same. */
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const CENTRE = { latitude: 23.0225, longitude: 72.5714, accuracy: 12 };
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => {
      expect(e).toBeInstanceOf(TRPCClientError);
      const err = e as TRPCClientError<AppRouter>;
      return { message: err.message, code: err.data?.code, errorCode: err.data?.errorCode ?? null, status: err.data?.httpStatus };
    },
  );

describe('tRPC and REST give the same answers', () => {
  it('for the teacher dashboard: profile, departments, session status and students, pending students', async () => {
    const t = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    await signInTestUser(srv, { role: 'student', department: 'BCA', status: 'pending' });
    const trpc = trpcClient(srv.url, t.token);
    const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 50, department: 'BCA' }, t.token);
    expect(started.status).toBe(201);

    expect(await trpc.teacher.profile.query()).toEqual((await getJson(`${srv.url}/api/get_teacher_profile`, t.token)).body);
    expect(await trpc.teacher.departments.query()).toEqual((await getJson(`${srv.url}/api/admin/departments`, t.token)).body);
    const status = await trpc.teacher.geofenceStatus.query();
    expect(status).toMatchObject({ active: true, session_id: started.body.session_id });
    // remaining_seconds counts down between the two calls; the rest is the same session.
    const { remaining_seconds: _a, ...restStatus } = (await getJson(`${srv.url}/api/check_geofence_status`, t.token)).body;
    const { remaining_seconds: _b, ...trpcStatus } = status as typeof status & { remaining_seconds?: number };
    expect(trpcStatus).toEqual(restStatus);
    expect(await trpc.teacher.studentsForSession.query({ page: 1, limit: 10, search: '' })).toEqual(
      (await getJson(`${srv.url}/api/get_students_for_session?page=1&limit=10&search=`, t.token)).body,
    );
    const pending = await trpc.teacher.pendingStudents.query();
    expect(pending[0].students.length).toBeGreaterThan(0);
    expect(pending).toEqual((await getJson(`${srv.url}/api/pending_students_by_department`, t.token)).body);
  });

  it('for the student dashboard: attendance and profile', async () => {
    const s = await signInTestUser(srv, { role: 'student', department: 'BCA' });
    const trpc = trpcClient(srv.url, s.token);
    expect(await trpc.student.attendance.query({ page: 1, limit: 10 })).toEqual((await getJson(`${srv.url}/api/get_attendance?page=1&limit=10`, s.token)).body);
    expect(await trpc.student.profile.query()).toEqual((await getJson(`${srv.url}/api/get_student_profile`, s.token)).body);
  });

  it('refuses with the same message, and the same reason code where there is one', async () => {
    const other = await signInTestUser(srv, { role: 'teacher', department: 'MBA' });
    const viaTrpc = await refusal(
      trpcClient(srv.url, other.token).teacher.startGeofence.mutate({ teacher_id: other.id, ...CENTRE, radius: 50, department: 'BCA' }),
    );
    const viaRest = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: other.id, ...CENTRE, radius: 50, department: 'BCA' }, other.token);
    expect(viaTrpc).toMatchObject({ code: 'FORBIDDEN', status: viaRest.status, message: viaRest.body.message });
    expect(viaTrpc?.message).toBe(MSG.attendance.notYourDepartment);

    const login = await refusal(trpcClient(srv.url).auth.login.mutate({ email: 'ghost@school.test', password: 'x' }));
    const restLogin = await postJson(`${srv.url}/api/login`, { email: 'ghost@school.test', password: 'x' });
    expect(login).toMatchObject({ status: restLogin.status, message: restLogin.body.message, errorCode: restLogin.body.error_code });
  });

  it('a bad input reads as REST reads it: the first field message, not a dump of the validator', async () => {
    const t = await signInTestUser(srv, { role: 'teacher', department: 'IMCA' });
    const viaTrpc = await refusal(trpcClient(srv.url, t.token).teacher.startGeofence.mutate({ teacher_id: t.id, ...CENTRE, radius: 9, department: 'IMCA' }));
    const viaRest = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: t.id, ...CENTRE, radius: 9, department: 'IMCA' }, t.token);
    expect(viaRest.body.message).toBe(MSG.attendance.badRadius);
    expect(viaTrpc).toMatchObject({ code: 'BAD_REQUEST', status: 400, message: viaRest.body.message });
  });
});
