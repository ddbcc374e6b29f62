import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, trpcClient } from '@harness/api-client';
import { createTestUser, signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { insertSession } from '@harness/geofence-sessions';

let srv: TestServer;
let token: string;
const ids: Record<string, number> = {};
const get = (url: string) => getJson(`${srv.url}${url}`, token);
const parseCsv = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));

/**
 * Two teachers (BCA, MBA) and three students. Times straddle a Kolkata midnight: 2026-03-01T19:00Z is
 * 2 March 00:30 in Kolkata, so it belongs to 2 March there.
 */
beforeAll(async () => {
  srv = await startTestServer();
  token = (await signInTestUser(srv, { role: 'admin' })).token;
  ids.tb = (await createTestUser(srv.db, { role: 'teacher', department: 'BCA', username: 'tbca' })).id;
  ids.tm = (await createTestUser(srv.db, { role: 'teacher', department: 'MBA', username: 'tmba' })).id;
  ids.s1 = (await createTestUser(srv.db, { role: 'student', department: 'BCA', username: 'sone' })).id;
  ids.s2 = (await createTestUser(srv.db, { role: 'student', department: 'BCA', username: 'stwo' })).id;
  ids.s3 = (await createTestUser(srv.db, { role: 'student', department: 'MBA', username: 'sthree' })).id;
  const session = (teacher: number, department: number, at: string) =>
    insertSession(srv.db, { teacher_id: teacher, department_id: department, started_at: at, ended_at: at });
  const b1 = await session(ids.tb, 3, '2026-03-01T04:00:00.000Z');
  const b2 = await session(ids.tb, 3, '2026-03-01T19:00:00.000Z');
  const m1 = await session(ids.tm, 5, '2026-03-05T04:00:00.000Z');
  const rec = (
    session_id: number,
    student_id: number,
    marked_at: string,
    o: Partial<{ status: 'present' | 'absent'; geo: 'valid' | 'invalid' | null; face: string | null; manual: number; by: number | null }> = {},
  ) => ({
    session_id,
    student_id,
    marked_at,
    updated_at: marked_at,
    status: o.status ?? 'present',
    geofencing_status: o.geo === undefined ? 'valid' : o.geo,
    latitude: o.geo === null ? null : 23.02250012345,
    longitude: o.geo === null ? null : 72.5714,
    radius_m: o.geo === null ? null : 50,
    face_recognition_status: o.face === undefined ? 'verified' : o.face,
    manual_override: o.manual ?? 0,
    marked_by: o.by ?? null,
  });
  await srv.db
    .insertInto('attendance_records')
    .values([
      rec(b1, ids.s1, '2026-03-01T04:01:00.000Z'),
      rec(b1, ids.s2, '2026-03-01T04:02:00.000Z', { status: 'absent', geo: 'invalid', face: 'not_verified' }),
      rec(b2, ids.s1, '2026-03-01T19:01:00.000Z', { geo: null }),
      rec(b2, ids.s2, '2026-03-01T19:02:00.000Z', { status: 'absent', geo: null, face: null, manual: 1, by: ids.tb }),
      rec(m1, ids.s3, '2026-03-05T04:01:00.000Z'),
    ])
    .execute();
});
afterAll(() => srv.close());

describe('attendance reports', () => {
  it('summary counts users, sessions and records', async () => {
    expect((await get('/api/admin/attendance-summary')).body).toEqual({
      total_teachers: 2,
      total_students: 3,
      total_sessions: 3,
      total_attendance: 5,
      flagged_marks: 0,
      pending_teachers: 0,
    });
  });

  it('summary cards follow the filter row as the charts do (issue 22)', async () => {
    const bca = '3';
    const byDepartment = await get(`/api/admin/attendance-summary?department_id=${bca}`);
    expect(byDepartment.body).toEqual({ total_teachers: 1, total_students: 2, total_sessions: 2, total_attendance: 4, flagged_marks: 0, pending_teachers: 0 });
    const charts = await get(`/api/admin/attendance-charts?department_id=${bca}`);
    expect(charts.body.total).toBe(byDepartment.body.total_attendance);
    // 2 March in Kolkata: only the BCA evening session's two records; people cards keep counting accounts.
    const oneDay = await get('/api/admin/attendance-summary?start_date=2026-03-02&end_date=2026-03-02');
    expect(oneDay.body).toMatchObject({ total_teachers: 2, total_students: 3, total_sessions: 1, total_attendance: 2 });
    const oneStudent = await get(`/api/admin/attendance-summary?student=${ids.s1}`);
    expect(oneStudent.body).toMatchObject({ total_teachers: 2, total_students: 1, total_sessions: 2, total_attendance: 2 });
    const oneTeacher = await get(`/api/admin/attendance-summary?teacher=${ids.tm}&mode=offline`);
    expect(oneTeacher.body).toMatchObject({ total_teachers: 1, total_students: 3, total_sessions: 1, total_attendance: 1 });
    expect((await get('/api/admin/attendance-summary?start_date=2026-03-05&end_date=2026-03-01')).status).toBe(400);
  });

  it('pages teacher and student pairs, newest first or oldest first, with their numbers', async () => {
    const all = await get('/api/admin/attendance-details');
    expect(all.body.total_records).toBe(3);
    expect(all.body.data.map((p: { student_name: string }) => p.student_name)).toEqual(['sthree', 'stwo', 'sone']);
    expect(all.body.data[1]).toMatchObject({
      teacher_name: 'tbca',
      student_name: 'stwo',
      total_present: 0,
      total_absent: 2,
      geofencing_success: 0,
      geofencing_fail: 1,
      face_success: 0,
      face_fail: 1,
      manual_count: 1,
      system_count: 1,
      total_attendance: 2,
    });
    const page2 = await get('/api/admin/attendance-details?page=2&limit=1&sort=asc');
    expect([page2.body.current_page, page2.body.total_records, page2.body.data.map((p: { student_name: string }) => p.student_name)]).toEqual([2, 3, ['stwo']]);
    expect((await get('/api/admin/attendance-details?page=0')).status).toBe(400);
  });

  it('searches pairs by student and sorts them by attendance rate, the same through REST and tRPC (issue 36)', async () => {
    const names = (body: { data: { student_name: string }[] }) => body.data.map((p) => p.student_name);
    const trpc = trpcClient(srv.url, token);
    // sone 2 of 2 (100%), sthree 1 of 1 (100%, marked later), stwo 0 of 2 (0%)
    for (const [query, expected] of [
      ['sort=rate_asc', ['stwo', 'sthree', 'sone']],
      ['sort=rate_desc', ['sthree', 'sone', 'stwo']],
      ['q=TWO', ['stwo']],
      ['q=s&sort=rate_desc&department_id=3', ['sone', 'stwo']],
    ] as const) {
      const rest = await get(`/api/admin/attendance-details?${query}`);
      expect(names(rest.body), query).toEqual(expected);
      expect(rest.body.total_records).toBe(expected.length);
      const input = Object.fromEntries(new URLSearchParams(query));
      const viaTrpc = await trpc.admin.attendanceDetails.query({ ...input, department_id: input.department_id ? 3 : undefined } as never);
      expect(names(viaTrpc), `tRPC ${query}`).toEqual(expected);
    }
    expect((await get('/api/admin/attendance-details?sort=rate_asc')).body.data.map((p: { attendance_rate: number | null }) => p.attendance_rate)).toEqual([
      0, 100, 100,
    ]);
    expect((await get('/api/admin/attendance-details?sort=rate')).status).toBe(400);
    expect((await get(`/api/admin/attendance-details?q=${'x'.repeat(101)}`)).status).toBe(400);
    const csv = await fetch(`${srv.url}/api/admin/attendance-summary/export.csv?sort=rate_asc&q=s`, { headers: { authorization: `Bearer ${token}` } });
    expect(
      parseCsv(await csv.text())
        .slice(1)
        .map((r) => r[1]),
    ).toEqual(['stwo', 'sthree', 'sone']);
  });

  it('filters by department, mode, teacher, student and Kolkata days on the server, for the table and the charts alike', async () => {
    const pairs = async (q: string) => (await get(`/api/admin/attendance-details?${q}`)).body.data.map((p: { student_name: string }) => p.student_name).sort();
    expect(await pairs('department_id=5')).toEqual(['sthree']);
    expect(await pairs(`teacher=${ids.tb}`)).toEqual(['sone', 'stwo']);
    expect(await pairs(`student=${ids.s2}&mode=online`)).toEqual(['stwo']);
    expect(await pairs('start_date=2026-03-02&end_date=2026-03-02')).toEqual(['sone', 'stwo']);
    expect(await pairs('end_date=2026-03-01')).toEqual(['sone', 'stwo']);
    expect((await get('/api/admin/attendance-details?start_date=2026-03-02&end_date=2026-03-01')).body.message).toBe(MSG.admin.filters.endBeforeStart);
    const charts = (await get('/api/admin/attendance-charts?start_date=2026-03-02&end_date=2026-03-02')).body;
    expect(charts).toEqual({
      present: 1,
      absent: 1,
      late: 0,
      excused: 0,
      geofence: { success: 0, fail: 0 },
      face: { success: 1, fail: 0 },
      manual: 1,
      system: 1,
      total: 2,
      flagged: 0,
    });
    const offline = (await get('/api/admin/attendance-charts?mode=offline')).body;
    expect([offline.total, offline.geofence]).toEqual([3, { success: 2, fail: 1 }]);
  });

  it('sees new and changed records at once', async () => {
    const before = (await get('/api/admin/attendance-charts')).body;
    const at = new Date().toISOString();
    const session = await srv.db.selectFrom('geofence_sessions').select('id').where('teacher_id', '=', ids.tm).executeTakeFirstOrThrow();
    const s4 = await createTestUser(srv.db, { role: 'student', department: 'MBA', username: 'sfour' });
    await srv.db
      .insertInto('attendance_records')
      .values({ session_id: session.id, student_id: s4.id, status: 'absent', marked_at: at, updated_at: at })
      .execute();
    await srv.db
      .updateTable('attendance_records')
      .set({ status: 'absent', updated_at: new Date(Date.now() + 1).toISOString() })
      .where('student_id', '=', ids.s3)
      .execute();
    const after = (await get('/api/admin/attendance-charts')).body;
    expect([after.total, after.present, after.absent]).toEqual([before.total + 1, before.present - 1, before.absent + 2]);
    await srv.db.deleteFrom('attendance_records').where('student_id', '=', s4.id).execute();
    await srv.db
      .updateTable('attendance_records')
      .set({ status: 'present', updated_at: new Date(Date.now() + 2).toISOString() })
      .where('student_id', '=', ids.s3)
      .execute();
  });

  it("lists one pair's records with SPEC 3's detail fields", async () => {
    const rows = (await get(`/api/admin/attendance-details/${ids.tb}/${ids.s2}`)).body;
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      status: 'absent',
      mode: 'online',
      geofencing_status: null,
      manual_override: true,
      marked_by: 'tbca',
      session_start: '2026-03-01T19:00:00.000Z',
    });
    expect(rows[1]).toMatchObject({ mode: 'offline', geofencing_status: 'invalid', face_recognition_status: 'not_verified', marked_by: null, radius: 50 });
    expect((await get(`/api/admin/attendance-details/${ids.tb}/abc`)).status).toBe(400);
  });

  it('streams the detail CSV: SPEC 9 columns and file name, Kolkata dates, 6-decimal coordinates', async () => {
    const res = await fetch(`${srv.url}/api/admin/attendance-details/export.csv?teacher=${ids.tb}&student=${ids.s2}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.headers.get('content-type')).toContain('text/csv');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="attendance_detail_tbca_\d{8}_\d{6}\.csv"$/);
    const [header, ...rows] = parseCsv(await res.text());
    expect(header).toEqual([...MSG.admin.detailColumns, MSG.markFlags.column, MSG.teacher.detail.faceTries]);
    expect(rows).toEqual([
      [
        '01/03/2026 09:32:00',
        'absent',
        'Offline',
        'invalid',
        'not_verified',
        'No',
        'System',
        '23.022500',
        '72.571400',
        '50',
        '01/03/2026 09:30:00',
        '01/03/2026 09:30:00',
        '',
        '',
      ],
      ['02/03/2026 00:32:00', 'absent', 'Online', '', '', 'Yes', 'tbca', '', '', '50', '02/03/2026 00:30:00', '02/03/2026 00:30:00', '', ''],
    ]);
    const all = await fetch(`${srv.url}/api/admin/attendance-details/export.csv`, { headers: { authorization: `Bearer ${token}` } });
    const [allHeader, ...allRows] = parseCsv(await all.text());
    expect(allHeader.slice(0, 3)).toEqual(['Teacher', 'Student', 'Date']);
    expect(allRows).toHaveLength(5);
    expect(allRows.map((r) => r[1])).toEqual(['sone', 'stwo', 'sone', 'stwo', 'sthree']);
  });

  it('downloads the summary CSV of every pair', async () => {
    const res = await fetch(`${srv.url}/api/admin/attendance-summary/export.csv?department_id=3`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="attendance_summary_\d{8}_\d{6}\.csv"$/);
    expect(parseCsv(await res.text())).toEqual([
      [...MSG.admin.summaryColumns],
      ['tbca', 'stwo', '0', '2', '0', '0', '0', '1', '0', '1', '2'],
      ['tbca', 'sone', '2', '0', '0', '0', '1', '0', '2', '0', '2'],
    ]);
  });

  it("gives the summary's rate by the attendance rule's arithmetic: a late mark counts as the rule says (one rate everywhere)", async () => {
    const rateOf = async (name: string) =>
      ((await get('/api/admin/attendance-details')).body.data as { student_name: string; attendance_rate: number | null }[]).find(
        (p) => p.student_name === name,
      )?.attendance_rate;
    const rules = trpcClient(srv.url, token).attendanceRule;
    const rule = { required_rate: 75, semester_start: '2026-01-01', semester_end: '2026-06-30' };
    // sone's second mark late: attended under the default rule, against them when the school says so
    const late = await srv.db
      .selectFrom('attendance_records')
      .select('id')
      .where('student_id', '=', ids.s1)
      .orderBy('marked_at', 'desc')
      .executeTakeFirstOrThrow();
    const mark = (status: 'late' | 'present') =>
      srv.db.updateTable('attendance_records').set({ status, updated_at: new Date().toISOString() }).where('id', '=', late.id).execute();
    await mark('late');
    try {
      expect(await rateOf('sone')).toBe(100);
      await rules.setSettings.mutate({ ...rule, late_counts_as_present: false });
      expect(await rateOf('sone')).toBe(50);
      expect(await rateOf('stwo')).toBe(0);
    } finally {
      await rules.setSettings.mutate({ ...rule, late_counts_as_present: true });
      await mark('present');
    }
    expect(await rateOf('sone')).toBe(100);
  });
});
