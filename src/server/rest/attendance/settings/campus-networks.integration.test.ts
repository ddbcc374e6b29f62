import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPUS_NETWORKS_MAX } from '@shared/constants';
import { MSG } from '@shared/messages';
import { getJson, postJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { insertProof } from '@tests/helpers/proofs';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 19: the campus networks an administrator stores on the settings card. Every step of a mark is refused off
 * them (issue 35) exactly as with CAMPUS_NETWORKS (marking.integration.test.ts), CAMPUS_NETWORKS still wins when set,
 * and a bad list changes nothing. The server trusts the loopback proxy, so x-forwarded-for is the student's address.
 */
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
const CENTRE = { latitude: 23.0225, longitude: 72.5714 };
const DEPTS = ['IMSCIT', 'IMCA', 'BCA', 'BSCIT', 'MBA'];
let deptIndex = 0;

const putNetworks = (srv: TestServer, token: string, body: unknown, from = '127.0.0.1') =>
  fetch(`${srv.url}/api/admin/campus_networks`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': from },
    body: JSON.stringify(body),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

const getNetworks = (srv: TestServer, token: string, from = '127.0.0.1') =>
  fetch(`${srv.url}/api/admin/campus_networks`, { headers: { authorization: `Bearer ${token}`, 'x-forwarded-for': from } }).then(async (r) => ({
    status: r.status,
    body: await r.json(),
  }));

const markFrom = (srv: TestServer, token: string, ip: string, face_verified?: boolean) =>
  fetch(`${srv.url}/api/mark_attendance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, 'x-forwarded-for': ip },
    body: JSON.stringify({ ...CENTRE, accuracy: 10, ...(face_verified ? { face_verified } : {}) }),
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

/**
 * A student of a fresh department with an open session, a geofence step from `stepFrom` and a face proof of their
 * login, ready for the final mark.
 */
async function studentReadyToMark(srv: TestServer, stepFrom: string) {
  const department = DEPTS[deptIndex++ % DEPTS.length];
  const teacher = await signInTestUser(srv, { role: 'teacher', department });
  const student = await signInTestUser(srv, { role: 'student', department });
  const started = await postJson(`${srv.url}/api/start_geofence`, { teacher_id: teacher.id, ...CENTRE, radius: 50, department }, teacher.token);
  expect(started.status).toBe(201);
  expect((await markFrom(srv, student.token, stepFrom)).body.geofencing_status).toBe('valid');
  await insertProof(srv.db, clock, student);
  const stop = () => fetch(`${srv.url}/api/stop_geofence`, { method: 'PATCH', headers: { authorization: `Bearer ${teacher.token}` } });
  return { student, stop };
}

const storedRow = (srv: TestServer) =>
  srv.db.selectFrom('app_settings').select(['value', 'updated_at', 'updated_by']).where('key', '=', 'campus_networks').executeTakeFirst();
const recordsOf = (srv: TestServer, studentId: number) => srv.db.selectFrom('attendance_records').select('id').where('student_id', '=', studentId).execute();

describe('campus networks stored by an administrator', () => {
  let srv: TestServer;
  let admin: Awaited<ReturnType<typeof signInTestUser>>;
  beforeAll(async () => {
    srv = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
    admin = await signInTestUser(srv, { role: 'admin', username: 'principal' });
  });
  afterAll(() => srv.close());

  it('with none stored, a final mark is accepted from any network and the card says no list applies', async () => {
    const view = await getNetworks(srv, admin.token, '198.51.100.9');
    expect(view.body).toEqual({
      networks: [],
      source: 'database',
      your_address: '198.51.100.9',
      your_address_listed: null,
      updated_at: null,
      updated_by: null,
    });
    const { student, stop } = await studentReadyToMark(srv, '198.51.100.9');
    expect((await markFrom(srv, student.token, '198.51.100.9', true)).body).toMatchObject({ status: 'present' });
    await stop();
  });

  it('once saved, the geofence step and the final mark must each come from the campus network (issue 35), refused and logged alike', async () => {
    const saved = await putNetworks(srv, admin.token, { networks: ['10.20.0.0/16'] }, '10.20.1.1');
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ networks: ['10.20.0.0/16'], source: 'database', your_address: '10.20.1.1', your_address_listed: true });

    const offCampus = { status: 403, body: { error: MSG.attendance.offCampusNetwork, error_code: 'off_campus' } };
    const { student, stop } = await studentReadyToMark(srv, '10.20.7.8');
    // The student at home with a faked position: the step is refused before anything about the position is told.
    const homeStep = await markFrom(srv, student.token, '198.51.100.9');
    expect(homeStep).toMatchObject(offCampus);
    expect(homeStep.body).not.toHaveProperty('geofencing_status');
    expect(await markFrom(srv, student.token, '198.51.100.9', true)).toMatchObject(offCampus);
    expect(await recordsOf(srv, student.id)).toHaveLength(0);
    const refusals = await srv.db
      .selectFrom('attendance_attempts')
      .select(['outcome', 'off_campus', 'ip'])
      .where('student_id', '=', student.id)
      .where('outcome', '=', 'refused_off_campus')
      .execute();
    expect(refusals).toEqual([
      { outcome: 'refused_off_campus', off_campus: 1, ip: '198.51.100.9' },
      { outcome: 'refused_off_campus', off_campus: 1, ip: '198.51.100.9' },
    ]);
    const school = await markFrom(srv, student.token, '10.20.7.8', true);
    expect(school.body).toMatchObject({ status: 'present' });
    await stop();
  });

  it('records who saved the list and when, on the server clock, and shows it after a reload', async () => {
    clock.advance(60_000);
    await putNetworks(srv, admin.token, { networks: ['10.20.0.0/16', '2001:db8::/48'] });
    const view = await getNetworks(srv, admin.token, '203.0.113.4');
    expect(view.body).toMatchObject({
      networks: ['10.20.0.0/16', '2001:db8::/48'],
      your_address: '203.0.113.4',
      your_address_listed: false,
      updated_at: clock.now().toISOString(),
      updated_by: 'principal',
    });
  });

  it('keeps the list when the admin who saved it is deleted; the card then names no one', async () => {
    const deputy = await signInTestUser(srv, { role: 'admin', username: 'deputy' });
    await putNetworks(srv, deputy.token, { networks: ['10.30.0.0/16'] });
    expect((await getNetworks(srv, admin.token)).body.updated_by).toBe('deputy');
    await srv.db.deleteFrom('users').where('id', '=', deputy.id).execute();
    expect((await getNetworks(srv, admin.token)).body).toMatchObject({ networks: ['10.30.0.0/16'], updated_by: null });
  });

  it('normalises what was typed: spaces trimmed, host bits cleared, a lone address as /32, duplicates dropped', async () => {
    const saved = await putNetworks(srv, admin.token, { networks: [' 10.20.3.4/16 ', '2001:DB8:0:0:1::7/64', '192.168.1.7', '10.20.0.0/16'] });
    expect(saved.body.networks).toEqual(['10.20.0.0/16', '2001:db8::/64', '192.168.1.7/32']);
    expect(JSON.parse((await storedRow(srv))!.value)).toEqual(['10.20.0.0/16', '2001:db8::/64', '192.168.1.7/32']);
    const { student, stop } = await studentReadyToMark(srv, '2001:db8::1:2:3:4');
    expect((await markFrom(srv, student.token, '192.168.1.8', true)).status).toBe(403);
    expect((await markFrom(srv, student.token, '2001:db8::1:2:3:4', true)).body).toMatchObject({ status: 'present' });
    await stop();
  });

  it('refuses a bad list with a clear message, over REST and tRPC, and keeps the saved one', async () => {
    await putNetworks(srv, admin.token, { networks: ['10.20.0.0/16'] });
    const before = await storedRow(srv);
    const cases: [unknown, string][] = [
      [{ networks: ['10.20.0.0/16', '10.0.0.0/33'] }, MSG.campusNetworks.invalid('10.0.0.0/33')],
      [{ networks: ['school-lan'] }, MSG.campusNetworks.invalid('school-lan')],
      [{ networks: ['  '] }, MSG.campusNetworks.empty],
      [{ networks: Array.from({ length: CAMPUS_NETWORKS_MAX + 1 }, (_, i) => `10.0.${i}.0/24`) }, MSG.campusNetworks.tooMany(CAMPUS_NETWORKS_MAX)],
    ];
    for (const [body, message] of cases) {
      const res = await putNetworks(srv, admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe(message);
    }
    expect((await putNetworks(srv, admin.token, { networks: '10.20.0.0/16' })).status).toBe(400);
    const viaTrpc = await trpcClient(srv.url, admin.token)
      .admin.setCampusNetworks.mutate({ networks: ['10.20.0.0/16', 'school-lan'] })
      .catch((e: Error) => e);
    expect((viaTrpc as Error).message).toBe(MSG.campusNetworks.invalid('school-lan'));
    expect(await storedRow(srv)).toEqual(before);
  });

  it('applies a list saved on another node to the next mark here (read from the database, not kept in memory)', async () => {
    await putNetworks(srv, admin.token, { networks: ['10.20.0.0/16'] });
    const { student, stop } = await studentReadyToMark(srv, '10.20.7.8');
    // Another node's save: the row changes underneath this server.
    await srv.db
      .updateTable('app_settings')
      .set({ value: JSON.stringify(['198.51.100.0/24']) })
      .where('key', '=', 'campus_networks')
      .execute();
    expect((await markFrom(srv, student.token, '10.20.7.8', true)).status).toBe(403);
    expect((await markFrom(srv, student.token, '198.51.100.9', true)).body).toMatchObject({ status: 'present' });
    await stop();
  });

  it('an empty list turns the check off again', async () => {
    expect((await putNetworks(srv, admin.token, { networks: [] })).body).toMatchObject({ networks: [], your_address_listed: null });
    const { student, stop } = await studentReadyToMark(srv, '203.0.113.50');
    expect((await markFrom(srv, student.token, '203.0.113.50', true)).body).toMatchObject({ status: 'present' });
    await stop();
  });
});

describe('campus networks without TRUST_PROXY', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ clock });
  });
  afterAll(() => srv.close());

  it("shows the connection's own address: a forwarded header is not believed", async () => {
    const admin = await signInTestUser(srv, { role: 'admin' });
    const view = await getNetworks(srv, admin.token, '10.20.7.8');
    expect(view.body.your_address).toBe('127.0.0.1');
  });
});

describe('CAMPUS_NETWORKS in the environment wins', () => {
  let srv: TestServer;
  let admin: Awaited<ReturnType<typeof signInTestUser>>;
  beforeAll(async () => {
    srv = await startTestServer({ clock, env: { CAMPUS_NETWORKS: '10.20.0.0/16, 2001:db8::1:0/112', TRUST_PROXY: 'loopback' } });
    admin = await signInTestUser(srv, { role: 'admin' });
    // A list saved before CAMPUS_NETWORKS was set: kept, but not applied.
    await srv.db
      .insertInto('app_settings')
      .values({ key: 'campus_networks', value: JSON.stringify(['198.51.100.0/24']), updated_at: clock.now().toISOString(), updated_by: admin.id })
      .execute();
  });
  afterAll(() => srv.close());

  it('the card shows the environment list and where it comes from', async () => {
    const view = await getJson(`${srv.url}/api/admin/campus_networks`, admin.token);
    expect(view.body).toMatchObject({
      networks: ['10.20.0.0/16', '2001:db8::1:0/112'],
      source: 'environment',
      your_address: '127.0.0.1',
      your_address_listed: false,
    });
  });

  it('a final mark follows the environment list, not the stored one', async () => {
    const { student, stop } = await studentReadyToMark(srv, '10.20.7.8');
    expect((await markFrom(srv, student.token, '198.51.100.9', true)).status).toBe(403);
    expect((await markFrom(srv, student.token, '10.20.7.8', true)).body).toMatchObject({ status: 'present' });
    await stop();
  });

  it('saving is refused with the reason, and the stored list is left as it was', async () => {
    const res = await putNetworks(srv, admin.token, { networks: ['10.30.0.0/16'] });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: MSG.campusNetworks.environmentWins, error_code: 'campus_networks_from_environment' });
    expect(JSON.parse((await storedRow(srv))!.value)).toEqual(['198.51.100.0/24']);
  });
});
