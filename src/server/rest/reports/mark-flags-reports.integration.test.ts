import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { classroom, ownSignals } from '@tests/helpers/classroom';
import { parseCsvCells } from '@tests/helpers/csv';
import { getJson, patchJson, trpcClient } from '@harness/api-client';
import { insertFaceTry } from '@tests/helpers/proofs';
import { manualClock } from '@tests/helpers/manual-clock';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 19's flags where an administrator looks: the pairs table (flagged-only filter, flagged marks and their
 * rate per student), one pair's records, the charts, the summary cards and the detail CSV. Marks are made through
 * real HTTP, so the admin reports' in-memory facts must follow a flag an earlier record gains from a later mark.
 */
const clock = manualClock(new Date('2026-03-02T04:00:00Z'));
let srv: TestServer;
let admin: string;
beforeAll(async () => {
  srv = await startTestServer({ clock, env: { TRUST_PROXY: 'loopback' } });
  admin = (await signInTestUser(srv, { role: 'admin' })).token;
});
afterAll(() => srv.close());

const get = async (p: string) => {
  const res = await getJson(`${srv.url}${p}`, admin);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
type Pair = { student_id: number; total_present: number; flagged_marks: number; flagged_rate: number | null };
const pairsOf = async (q = '') => new Map(((await get(`/api/admin/attendance-details?limit=100&${q}`)).data as Pair[]).map((p) => [p.student_id, p]));

describe('flags in the admin reports', () => {
  it('count, filter, list and export flagged marks, following a flag an earlier mark gains later', async () => {
    const c = await classroom(srv, clock, { department: 'BCA', students: 3 });
    const [asha, ravi, mira] = c.students;
    const t = c.teacher.id;
    await c.mark(asha, ownSignals(0));
    await c.mark(mira, ownSignals(2));
    // Read once before Ravi marks: the facts are loaded and cached with Asha clean.
    expect((await pairsOf()).get(asha.id)).toMatchObject({ total_present: 1, flagged_marks: 0, flagged_rate: 0 });
    expect((await get('/api/admin/attendance-summary')).flagged_marks).toBe(0);
    clock.advance(4000);
    await c.mark(ravi, { ...ownSignals(1), device_id: ownSignals(0).device_id });
    await c.stop();

    // The same teacher's next class: Asha clean this time, so one of her two marks with this teacher is flagged.
    clock.advance(3600_000);
    const second = await classroom(srv, clock, { department: 'BCA', students: 1, teacher: c.teacher });
    await second.mark(asha, ownSignals(5));
    await second.stop();

    const pairs = await pairsOf(`teacher=${t}`);
    expect(pairs.get(asha.id)).toMatchObject({ total_present: 2, flagged_marks: 1, flagged_rate: 50 });
    expect(pairs.get(ravi.id)).toMatchObject({ flagged_marks: 1, flagged_rate: 100 });
    // Absent (the second class ended without them): no present mark, no rate.
    expect(pairs.get(second.students[0].id)).toMatchObject({ total_present: 0, flagged_marks: 0, flagged_rate: null });
    expect(pairs.get(mira.id)).toMatchObject({ flagged_marks: 0, flagged_rate: 0 });

    // Flagged only: what counts is the flagged present marks; Mira and Asha's clean mark drop out.
    for (const on of ['true', '1']) {
      const flagged = await pairsOf(`flagged=${on}&teacher=${t}`);
      expect([...flagged.keys()].sort()).toEqual([asha.id, ravi.id].sort());
      expect(flagged.get(asha.id)).toMatchObject({ total_present: 1, flagged_marks: 1 });
    }
    expect((await pairsOf(`flagged=false&teacher=${t}`)).size).toBe(4);
    expect((await getJson(`${srv.url}/api/admin/attendance-details?flagged=maybe`, admin)).status).toBe(400);
    const viaTrpc = await trpcClient(srv.url, admin).admin.attendanceDetails.query({ flagged: true, teacher: t, page: 1, limit: 100 });
    expect(viaTrpc).toEqual(await get(`/api/admin/attendance-details?flagged=true&teacher=${t}&page=1&limit=100`));

    const charts = await get(`/api/admin/attendance-charts?teacher=${t}`);
    expect([charts.present, charts.absent, charts.flagged]).toEqual([4, 3, 2]);
    expect((await get(`/api/admin/attendance-charts?teacher=${t}&flagged=true`)).total).toBe(2);
    expect((await get('/api/admin/attendance-summary')).flagged_marks).toBe(2);

    // One pair's records carry their flags, with the other student named.
    // One pair's records (newest first) carry their flags, with the other student named.
    const detail = await get(`/api/admin/attendance-details/${t}/${asha.id}`);
    expect(detail.map((r: { flags: unknown[] }) => r.flags)).toEqual([[], [{ code: 'same_device', text: MSG.markFlags.sameDevice(ravi.username) }]]);
    const flaggedDetail = await get(`/api/admin/attendance-details/${t}/${asha.id}?flagged=true`);
    expect(flaggedDetail).toEqual([detail[1]]);
    expect(await trpcClient(srv.url, admin).admin.pairDetail.query({ teacher: t, student: asha.id })).toEqual(detail);

    // The detail CSV: Flags before the face check tries, empty on a clean mark; flagged only narrows it too.
    const csv = async (q: string) => {
      const res = await fetch(`${srv.url}/api/admin/attendance-details/export.csv?${q}`, { headers: { authorization: `Bearer ${admin}` } });
      expect(res.status).toBe(200);
      const [header, ...rows] = parseCsvCells(await res.text());
      expect(header.slice(-2)).toEqual([MSG.markFlags.column, MSG.teacher.detail.faceTries]);
      return new Map(rows.map((r) => [r[1], r.at(-2)]));
    };
    expect(await csv(`teacher=${t}&end_date=2026-03-02&start_date=2026-03-02&mode=offline`)).toEqual(
      new Map([
        // Oldest first, one row per student (Asha's clean second mark comes last and wins the map).
        [asha.username, ''],
        [mira.username, ''],
        [ravi.username, MSG.markFlags.sameDevice(asha.username)],
      ]),
    );
    expect(await csv(`teacher=${t}&flagged=true`)).toEqual(
      new Map([
        [asha.username, MSG.markFlags.sameDevice(ravi.username)],
        [ravi.username, MSG.markFlags.sameDevice(asha.username)],
      ]),
    );

    // The teacher confirms Ravi by hand: a manual mark carries no flag and no longer flags Asha; the counts follow.
    const manual = await patchJson(
      `${srv.url}/api/mark_attendance_manual`,
      { student_id: ravi.id, session_id: c.sessionId, status: 'present' },
      c.teacher.token,
    );
    expect(manual.status).toBe(200);
    expect((await get('/api/admin/attendance-summary')).flagged_marks).toBe(0);
    expect((await pairsOf(`teacher=${t}`)).get(asha.id)).toMatchObject({ total_present: 2, flagged_marks: 0, flagged_rate: 0 });
    expect((await pairsOf(`teacher=${t}&flagged=true`)).size).toBe(0);
  });
});

describe("issue 35 beside the mark in the admin's detail view and CSV", () => {
  it("carries a REST client's 'not from a browser' flag and the student's face check tries in the session", async () => {
    const c = await classroom(srv, clock, { department: 'MBA', students: 2 });
    const [script, browser] = c.students;
    const t = c.teacher.id;
    // Two tries that did not pass (one not followed, one left unfinished), then the one that did; the REST client
    // marks with its login token alone, the browser with the device cookie of its login.
    for (const outcome of ['challenge_not_followed', 'abandoned', 'accepted']) await insertFaceTry(srv.db, clock, script, c.sessionId, outcome);
    await c.mark({ id: script.id, email: script.email, token: script.token }, ownSignals(0));
    clock.advance(4000);
    await insertFaceTry(srv.db, clock, browser, c.sessionId, 'accepted');
    await c.mark(browser, ownSignals(1));
    await c.stop();

    const tries = { started: 3, failed: 1, abandoned: 1 };
    const [scriptRow] = await get(`/api/admin/attendance-details/${t}/${script.id}`);
    expect(scriptRow).toMatchObject({ status: 'present', flags: [{ code: 'not_from_browser', text: MSG.markFlags.notFromBrowser }], face_tries: tries });
    const [browserRow] = await get(`/api/admin/attendance-details/${t}/${browser.id}`);
    expect(browserRow).toMatchObject({ status: 'present', flags: [], face_tries: { started: 1, failed: 0, abandoned: 0 } });
    expect(await trpcClient(srv.url, admin).admin.pairDetail.query({ teacher: t, student: script.id })).toEqual([scriptRow]);

    const res = await fetch(`${srv.url}/api/admin/attendance-details/export.csv?teacher=${t}`, { headers: { authorization: `Bearer ${admin}` } });
    const [header, ...rows] = parseCsvCells(await res.text());
    expect(header.slice(-2)).toEqual([MSG.markFlags.column, MSG.teacher.detail.faceTries]);
    const byStudent = new Map(rows.map((r) => [r[1], r.slice(-2)]));
    expect(byStudent.get(script.username)).toEqual([MSG.markFlags.notFromBrowser, MSG.teacher.detail.faceTriesValue(tries)]);
    expect(byStudent.get(browser.username)).toEqual(['', MSG.teacher.detail.faceTriesValue({ started: 1, failed: 0, abandoned: 0 })]);
  });
});
