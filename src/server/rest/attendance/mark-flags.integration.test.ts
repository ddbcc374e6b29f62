import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { classroom, ownSignals, type Signals } from '@tests/helpers/classroom';
import { getJson, patchJson, trpcClient } from '@harness/api-client';
import { manualClock } from '@tests/helpers/manual-clock';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 19's flags through real HTTP on the injected clock: each flag raised by the case that should raise it,
 * beside the student in the teacher's Students tab, and none on a clean class of 30 marks from 30 devices. The
 * sessions ask for the room code (what the dashboard does) unless a test says otherwise.
 */
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
});
afterAll(() => srv.close());

const codes = (flags: { code: string }[]) => flags.map((f) => f.code);
/** The next few seconds: students mark one after another. */
const later = (seconds = 4) => clock.advance(seconds * 1000);

describe('a clean class', () => {
  it('30 marks from 30 devices, addresses, positions and accuracies raise no flag', async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 30 });
    for (const [i, s] of c.students.entries()) {
      await c.mark(s, ownSignals(i));
      later();
    }
    const rows = await c.rows();
    for (const s of c.students) expect(rows.get(s.id)).toMatchObject({ status: 'present', flags: [], flagged: false });
    await c.stop();
  });
});

describe('different network from the class (issue 35)', () => {
  it("flags the one mark from a home address among 20 from the school's one address, and none of the 20", async () => {
    const c = await classroom(srv, clock, { department: 'MBA', students: 21 });
    const school = '203.0.113.50';
    for (const [i, s] of c.students.entries()) {
      // the last student at home: a faked position inside the circle and the code relayed by chat
      await c.mark(s, { ...ownSignals(i), ip: i === 20 ? '198.51.100.200' : school });
      later();
    }
    const rows = await c.rows();
    expect(rows.get(c.students[20].id)?.flags).toEqual([{ code: 'class_network', text: MSG.markFlags.classNetwork }]);
    for (const s of c.students.slice(0, 20)) expect(rows.get(s.id)?.flags).toEqual([]);
    await c.stop();
  });
});

describe("not from a browser (issue 35), and the school's setting", () => {
  /** The student's login used by a REST client: the token alone, without the device cookie the login set. */
  const restClient = (s: { id: number; email: string; token: string }) => ({ id: s.id, email: s.email, token: s.token });
  const putSetting = (token: string, body: unknown) =>
    fetch(`${srv.url}/api/admin/not_from_browser_flag`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));

  it("flags a REST client's mark (no device cookie) 'not from a browser', and not the mark of a browser (the cookie of its login)", async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 2 });
    const [script, browser] = c.students;
    await c.mark(restClient(script), ownSignals(0));
    later();
    await c.mark(browser, ownSignals(1));
    expect(await c.flagsOf(script)).toEqual([{ code: 'not_from_browser', text: MSG.markFlags.notFromBrowser }]);
    expect(await c.flagsOf(browser)).toEqual([]);
    await c.stop();
  });

  it('raises none once an administrator turns it off; a mark written before keeps its flag; a bad value changes nothing', async () => {
    const admin = await signInTestUser(srv, { role: 'admin', username: 'flag.admin' });
    expect((await getJson(`${srv.url}/api/admin/not_from_browser_flag`, admin.token)).body).toEqual({ enabled: true, updated_at: null, updated_by: null });
    const c = await classroom(srv, clock, { department: 'MBA', students: 2 });
    const [before, after] = c.students;
    await c.mark(restClient(before), ownSignals(0));
    later();

    const off = await putSetting(admin.token, { enabled: false });
    expect(off).toMatchObject({ status: 200, body: { enabled: false, updated_at: clock.now().toISOString(), updated_by: 'flag.admin' } });
    for (const bad of [{ enabled: 'no' }, {}, { enabled: null }]) expect((await putSetting(admin.token, bad)).status).toBe(400);
    expect((await trpcClient(srv.url, admin.token).settings.notFromBrowserFlag.query()).enabled).toBe(false);
    await c.mark(restClient(after), ownSignals(1));
    expect(await c.flagsOf(after)).toEqual([]);
    expect(await c.flagsOf(before)).toEqual([{ code: 'not_from_browser', text: MSG.markFlags.notFromBrowser }]);
    await c.stop();

    // On again (through tRPC): the next REST client's mark is flagged.
    expect(await trpcClient(srv.url, admin.token).settings.setNotFromBrowserFlag.mutate({ enabled: true })).toMatchObject({ enabled: true });
    const next = await classroom(srv, clock, { department: 'MBA', students: 1, teacher: c.teacher });
    await next.mark(restClient(next.students[0]), ownSignals(2));
    expect(await next.flagsOf(next.students[0])).toEqual([{ code: 'not_from_browser', text: MSG.markFlags.notFromBrowser }]);
    await next.stop();
  });
});

describe('each flag, raised by its case', () => {
  it('same device: both students are flagged, each naming the other, and the first only once the second marks', async () => {
    const c = await classroom(srv, clock, { department: 'IMCA', students: 3 });
    const [asha, ravi, mira] = c.students;
    const shared = ownSignals(0).device_id;
    await c.mark(asha, ownSignals(0));
    expect(await c.flagsOf(asha)).toEqual([]);
    later();
    await c.mark(ravi, { ...ownSignals(1), device_id: shared });
    later();
    await c.mark(mira, ownSignals(2));
    expect(await c.flagsOf(asha)).toEqual([{ code: 'same_device', text: MSG.markFlags.sameDevice(ravi.username) }]);
    expect(await c.flagsOf(ravi)).toEqual([{ code: 'same_device', text: MSG.markFlags.sameDevice(asha.username) }]);
    expect(await c.flagsOf(mira)).toEqual([]);
    const rows = await c.rows();
    expect([rows.get(asha.id)!.flagged, rows.get(ravi.id)!.flagged, rows.get(mira.id)!.flagged]).toEqual([true, true, false]);
    await c.stop();
  });

  it('same address within 2 minutes, once the session has marks from more than one address', async () => {
    const c = await classroom(srv, clock, { department: 'BSCIT', students: 4 });
    const [a, b, far, late] = c.students;
    const home = '203.0.113.40';
    await c.mark(a, { ...ownSignals(0), ip: home });
    later(100);
    await c.mark(b, { ...ownSignals(1), ip: home });
    // One address so far: behind a school's NAT that is every mark, so nobody is flagged yet.
    expect(codes(await c.flagsOf(a))).toEqual([]);
    expect(codes(await c.flagsOf(b))).toEqual([]);
    later();
    await c.mark(far, ownSignals(2));
    expect(await c.flagsOf(a)).toEqual([{ code: 'same_address', text: MSG.markFlags.sameAddress(b.username) }]);
    expect(await c.flagsOf(b)).toEqual([{ code: 'same_address', text: MSG.markFlags.sameAddress(a.username) }]);
    expect(await c.flagsOf(far)).toEqual([]);
    // The same address more than 2 minutes after b: not the same moment, not flagged (b keeps a's flag only).
    later(125);
    await c.mark(late, { ...ownSignals(3), ip: home });
    expect(await c.flagsOf(late)).toEqual([]);
    expect(await c.flagsOf(b)).toEqual([{ code: 'same_address', text: MSG.markFlags.sameAddress(a.username) }]);
    await c.stop();
  });

  it('copied position: latitude and longitude equal to 6 decimals with another student', async () => {
    const c = await classroom(srv, clock, { department: 'MBA', students: 3 });
    const [a, b, near] = c.students;
    const spot = { latitude: 23.0226, longitude: 72.5714 };
    await c.mark(a, { ...ownSignals(0), ...spot });
    later();
    await c.mark(b, { ...ownSignals(1), ...spot });
    later();
    // 0.2 m away differs in the 6th decimal: a real neighbour, not a copy.
    await c.mark(near, { ...ownSignals(2), latitude: spot.latitude + 0.000002, longitude: spot.longitude });
    expect(await c.flagsOf(a)).toEqual([{ code: 'copied_position', text: MSG.markFlags.copiedPosition(b.username) }]);
    expect(await c.flagsOf(b)).toEqual([{ code: 'copied_position', text: MSG.markFlags.copiedPosition(a.username) }]);
    expect(await c.flagsOf(near)).toEqual([]);
    await c.stop();
  });

  it('copied accuracy: the same to 0.1 m as at least 3 others; shared with 2 others is not enough', async () => {
    const c = await classroom(srv, clock, { department: 'IMSCIT', students: 7 });
    const four = c.students.slice(0, 4);
    const three = c.students.slice(4);
    for (const [i, s] of four.entries()) {
      // 12.34 and 12.3 are the same to the 0.1 m.
      await c.mark(s, { ...ownSignals(i), accuracy: i ? 12.3 : 12.34 });
      later();
    }
    for (const [i, s] of three.entries()) {
      await c.mark(s, { ...ownSignals(4 + i), accuracy: 20 });
      later();
    }
    for (const s of four) expect(await c.flagsOf(s)).toEqual([{ code: 'copied_accuracy', text: MSG.markFlags.copiedAccuracy(3) }]);
    for (const s of three) expect(await c.flagsOf(s)).toEqual([]);
    await c.stop();
  });

  it('no room code: every own mark of a session that did not require one', async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 2, roomCode: false });
    await c.mark(c.students[0], ownSignals(0));
    expect(await c.flagsOf(c.students[0])).toEqual([{ code: 'no_room_code', text: MSG.markFlags.noRoomCode }]);
    expect(await c.flagsOf(c.students[1])).toEqual([]);
    await c.stop();
  });

  it('outside checks: three outside answers before the mark, kept with the record', async () => {
    const c = await classroom(srv, clock, { department: 'IMCA', students: 1 });
    const [s] = c.students;
    const outside: Signals = { ...ownSignals(0), latitude: 23.0235, longitude: 72.5714 };
    for (let i = 0; i < 3; i++) expect((await c.step(s, outside)).body.geofencing_status).toBe('invalid');
    await c.mark(s, ownSignals(0));
    expect(await c.flagsOf(s)).toEqual([{ code: 'outside_checks', text: MSG.markFlags.outsideChecks(3) }]);
    const record = await srv.db.selectFrom('attendance_records').select(['mark_flags', 'device_id']).where('student_id', '=', s.id).executeTakeFirstOrThrow();
    expect(record).toMatchObject({ device_id: ownSignals(0).device_id });
    expect(record.mark_flags).not.toBe(0);
    await c.stop();
  });

  it('several flags at once, in the codes order', async () => {
    const c = await classroom(srv, clock, { department: 'BSCIT', students: 3, roomCode: false });
    const [a, b, other] = c.students;
    const copy = { ...ownSignals(0), ip: '203.0.113.50' };
    await c.mark(a, copy);
    later();
    await c.mark(b, copy);
    later();
    await c.mark(other, ownSignals(2));
    expect(codes(await c.flagsOf(b))).toEqual(['same_device', 'same_address', 'copied_position', 'no_room_code']);
    await c.stop();
  });
});

describe('what a flag does not do', () => {
  it('never refuses a mark, and a manual mark carries none and no longer flags the student it shared a device with', async () => {
    const c = await classroom(srv, clock, { department: 'MBA', students: 2 });
    const [a, b] = c.students;
    await c.mark(a, ownSignals(0));
    later();
    // c.mark expects 'present': the shared device did not refuse it.
    await c.mark(b, { ...ownSignals(1), device_id: ownSignals(0).device_id });
    expect(codes(await c.flagsOf(a))).toEqual(['same_device']);
    const manual = await patchJson(`${srv.url}/api/mark_attendance_manual`, { student_id: b.id, session_id: c.sessionId, status: 'present' }, c.teacher.token);
    expect(manual.status).toBe(200);
    expect(await c.flagsOf(a)).toEqual([]);
    expect(await c.flagsOf(b)).toEqual([]);
    await c.stop();
  });

  it('a device id that is not one the browser makes is refused with its message', async () => {
    const c = await classroom(srv, clock, { department: 'IMSCIT', students: 1 });
    const res = await c.step(c.students[0], { ...ownSignals(0), device_id: 'short' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain(MSG.markFlags.badDeviceId);
    await c.stop();
  });
});

describe('the attempt log', () => {
  it('records the device id of each step (both engines), and no off_campus without CAMPUS_NETWORKS', async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 1 });
    const [s] = c.students;
    await c.mark(s, ownSignals(7));
    await srv.deps.attempts.flush();
    // Steps are buffered and written after marks: read in outcome order.
    const attempts = await srv.db
      .selectFrom('attendance_attempts')
      .select(['outcome', 'device_id', 'off_campus', 'ip'])
      .where('student_id', '=', s.id)
      .orderBy('outcome')
      .execute();
    expect(attempts).toEqual([
      { outcome: 'geofence_valid', device_id: ownSignals(7).device_id, off_campus: null, ip: ownSignals(7).ip },
      { outcome: 'present', device_id: ownSignals(7).device_id, off_campus: null, ip: ownSignals(7).ip },
    ]);
    await c.stop();
  });

  it('records the device id of a step made through tRPC (markAttendance itself on PostgreSQL too)', async () => {
    const c = await classroom(srv, clock, { department: 'MBA', students: 1 });
    const [s] = c.students;
    const { ip: _ip, ...signals } = ownSignals(8);
    const code = (await getJson(`${srv.url}/api/room_code`, c.teacher.token)).body.code as string;
    expect(await trpcClient(srv.url, s.token).student.markAttendance.mutate({ ...signals, room_code: code })).toMatchObject({ status: 'geofence_checked' });
    await srv.deps.attempts.flush();
    expect(await srv.db.selectFrom('attendance_attempts').select(['outcome', 'device_id', 'off_campus']).where('student_id', '=', s.id).execute()).toEqual([
      { outcome: 'geofence_valid', device_id: signals.device_id, off_campus: null },
    ]);
    await c.stop();
  });
});

describe('with CAMPUS_NETWORKS', () => {
  let campus: TestServer;
  beforeAll(async () => {
    campus = await startTestServer({ clock, env: { CAMPUS_NETWORKS: '10.20.0.0/16', TRUST_PROXY: 'loopback' } });
  });
  afterAll(() => campus.close());
  const attemptsOf = async (studentId: number) => {
    await campus.deps.attempts.flush();
    // Steps on campus are buffered and written after marks: read in a fixed order, not the order written.
    return campus.db
      .selectFrom('attendance_attempts')
      .select(['outcome', 'off_campus'])
      .where('student_id', '=', studentId)
      .orderBy('off_campus', 'desc')
      .orderBy('outcome')
      .execute();
  };

  it('refuses either step from outside the campus network, logged off campus; a later mark from campus is flagged for the try', async () => {
    const c = await classroom(campus, clock, { department: 'BCA', students: 2 });
    const [away, inside] = c.students;
    const home = { ...ownSignals(0), ip: '198.51.100.9' };
    const offCampus = { status: 403, body: { error: MSG.attendance.offCampusNetwork, error_code: 'off_campus' } };
    // The geofence step from home is refused before it is counted: nothing of the position is told.
    const refusedStep = await c.step(away, home);
    expect(refusedStep).toMatchObject(offCampus);
    expect(JSON.stringify(refusedStep.body)).not.toMatch(/geofencing_status|distance/);
    expect((await campus.db.selectFrom('geofence_checks').select('checks').where('student_id', '=', away.id).executeTakeFirst())?.checks).toBeUndefined();
    // A step taken on campus, then a final mark from home: refused too.
    expect((await c.step(away, { ...home, ip: '10.20.7.8' })).body.geofencing_status).toBe('valid');
    expect(await c.finalMark(away, home)).toMatchObject(offCampus);
    await c.mark(away, { ...ownSignals(0), ip: '10.20.7.8' });
    expect(await attemptsOf(away.id)).toEqual([
      { outcome: 'refused_off_campus', off_campus: 1 },
      { outcome: 'refused_off_campus', off_campus: 1 },
      { outcome: 'geofence_valid', off_campus: 0 },
      { outcome: 'geofence_valid', off_campus: 0 },
      { outcome: 'present', off_campus: 0 },
    ]);
    expect(await c.flagsOf(away)).toEqual([{ code: 'off_campus', text: MSG.markFlags.offCampus }]);

    later();
    await c.mark(inside, { ...ownSignals(1), ip: '10.20.7.9' });
    expect(await c.flagsOf(inside)).toEqual([]);
    await c.stop();
  });

  it('the same address is no signal there: two marks from one campus address are not flagged', async () => {
    const c = await classroom(campus, clock, { department: 'IMCA', students: 3 });
    const [a, b, other] = c.students;
    await c.mark(a, { ...ownSignals(0), ip: '10.20.1.1' });
    later();
    await c.mark(b, { ...ownSignals(1), ip: '10.20.1.1' });
    later();
    await c.mark(other, { ...ownSignals(2), ip: '10.20.1.2' });
    for (const s of c.students) expect(await c.flagsOf(s)).toEqual([]);
    await c.stop();
  });
});
