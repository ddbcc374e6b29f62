import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { buildDeps } from '@server/bootstrap';
import type { AppDeps } from '@server/deps';
import { openDueSlots } from '@server/services/attendance/index';
import { getJson, patchJson, postJson, trpcClient } from '@harness/api-client';
import { insertSession } from '@harness/geofence-sessions';
import { manualClock } from '@tests/helpers/manual-clock';
import { testEngine } from '@tests/helpers/test-database';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

/**
 * Issue 39's timetable on a manual clock: rooms and slots by department, Start on today's slot, the sessions that
 * open by themselves (once, with two nodes on one database), and the standings' most still possible.
 * The semester is August 3 (a Monday) to August 30, 2026: four Mondays and four Wednesdays.
 */
const clock = manualClock(new Date('2026-08-02T04:30:00Z'));
let srv: TestServer;
let admin: Awaited<ReturnType<typeof signInTestUser>>;
const api = (token: string) => trpcClient(srv.url, token);
/** 10:00 in Kolkata on an August day. */
const tenAm = (day: number) => new Date(`2026-08-${String(day).padStart(2, '0')}T04:30:00Z`);
const ROOM = { latitude: 23.0225, longitude: 72.5714, radius: 40 };
/** A fresh token: the clock moves days, and a token lives hours. */
const login = async (u: { email: string; password: string }) =>
  (await postJson(`${srv.url}/api/login`, { email: u.email, password: u.password })).body.token as string;
const departmentId = async (name: string) => (await srv.db.selectFrom('departments').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;

beforeAll(async () => {
  srv = await startTestServer({ clock });
  admin = await signInTestUser(srv, { role: 'admin', createdAt: clock.now() });
  await api(admin.token).attendanceRule.setSettings.mutate({
    required_rate: 75,
    late_counts_as_present: true,
    semester_start: '2026-08-03',
    semester_end: '2026-08-30',
  });
});
afterAll(() => srv?.close());

/** A teacher of the department with one room and the given weekly slots at 10:00 (1 Monday .. 7 Sunday). */
async function timetableOf(department: string, weekdays: number[], room = 'Lab 1') {
  const teacher = await signInTestUser(srv, { role: 'teacher', department, createdAt: clock.now() });
  const { id: room_id } = await api(teacher.token).timetable.addRoom.mutate({ name: room, ...ROOM });
  const slots = [];
  for (const weekday of weekdays)
    slots.push((await api(teacher.token).timetable.addSlot.mutate({ room_id, weekday, start_time: '10:00', length_minutes: 60, room_code: false })).id);
  return { teacher, room_id, slots };
}

describe('rooms and slots', () => {
  it('a teacher keeps their own department’s, an administrator any; a student none', async () => {
    const { teacher, room_id, slots } = await timetableOf('BCA', [1]);
    const other = await signInTestUser(srv, { role: 'teacher', department: 'MBA', createdAt: clock.now() });
    const student = await signInTestUser(srv, { role: 'student', department: 'IMSCIT', createdAt: clock.now() });
    const bca = await departmentId('BCA');

    const mine = await api(teacher.token).timetable.list.query({});
    expect(mine.rooms).toEqual([{ id: room_id, name: 'Lab 1', latitude: ROOM.latitude, longitude: ROOM.longitude, radius_m: 40 }]);
    expect(mine.slots).toEqual([
      expect.objectContaining({ id: slots[0], weekday: 1, start_time: '10:00', end_time: '11:00', length_minutes: 60, room_name: 'Lab 1', room_code: false }),
    ]);

    const forbidden = { data: { code: 'FORBIDDEN' } };
    await expect(api(other.token).timetable.list.query({ department_id: bca })).rejects.toMatchObject(forbidden);
    await expect(api(other.token).timetable.removeSlot.mutate({ id: slots[0] })).rejects.toMatchObject(forbidden);
    await expect(api(other.token).timetable.addSlot.mutate({ room_id, weekday: 2, start_time: '09:00', length_minutes: 30 })).rejects.toMatchObject({
      message: MSG.timetable.notYourDepartment,
    });
    await expect(api(student.token).timetable.list.query({})).rejects.toMatchObject(forbidden);
    // The MBA teacher's own list has none of BCA's.
    expect((await api(other.token).timetable.list.query({})).slots).toEqual([]);

    await expect(api(admin.token).timetable.list.query({})).rejects.toMatchObject({ message: MSG.timetable.departmentRequired });
    expect((await api(admin.token).timetable.list.query({ department_id: bca })).slots).toHaveLength(1);
    // An administrator names the teacher, who must teach in the room's department.
    await expect(api(admin.token).timetable.addSlot.mutate({ room_id, weekday: 3, start_time: '09:00', length_minutes: 30 })).rejects.toMatchObject({
      message: MSG.timetable.teacherRequired,
    });
    await expect(
      api(admin.token).timetable.addSlot.mutate({ room_id, teacher_id: other.id, weekday: 3, start_time: '09:00', length_minutes: 30 }),
    ).rejects.toMatchObject({ message: MSG.timetable.badTeacher });
  });

  it('refuses a radius, a time or a length out of range, a second room of the same name, and a room still in use', async () => {
    const { teacher, room_id, slots } = await timetableOf('BSCIT', [2]);
    const t = api(teacher.token).timetable;
    await expect(t.addRoom.mutate({ name: 'Tiny', ...ROOM, radius: 5 })).rejects.toMatchObject({ message: MSG.attendance.badRadius });
    await expect(t.addRoom.mutate({ name: 'Lab 1', ...ROOM })).rejects.toMatchObject({ data: { code: 'CONFLICT' }, message: MSG.timetable.roomExists });
    await expect(t.addSlot.mutate({ room_id, weekday: 2, start_time: '25:00', length_minutes: 60 })).rejects.toMatchObject({
      message: MSG.timetable.badStartTime,
    });
    await expect(t.addSlot.mutate({ room_id, weekday: 8, start_time: '09:00', length_minutes: 60 })).rejects.toMatchObject({
      message: MSG.timetable.badWeekday,
    });
    await expect(t.addSlot.mutate({ room_id, weekday: 2, start_time: '09:00', length_minutes: 181 })).rejects.toMatchObject({
      message: MSG.timetable.badLength(5, 180),
    });
    await expect(t.removeRoom.mutate({ id: room_id })).rejects.toMatchObject({ message: MSG.timetable.roomInUse });
    await t.removeSlot.mutate({ id: slots[0] });
    await t.removeRoom.mutate({ id: room_id });
    expect(await t.list.query({})).toMatchObject({ rooms: [], slots: [] });
  });
});

describe('sessions from slots', () => {
  it('Start on today’s slot opens the session in its room for its length, once that day', async () => {
    clock.set(new Date('2026-08-03T04:25:00Z')); // Monday 09:55 in Kolkata
    const { teacher, slots } = await timetableOf('IMSCIT', [1, 2]);
    const t = api(teacher.token);
    await expect(t.timetable.startSlot.mutate({ id: slots[1] })).rejects.toMatchObject({ data: { code: 'CONFLICT' }, message: MSG.timetable.notToday });
    // Another department's teacher cannot start it.
    const other = await signInTestUser(srv, { role: 'teacher', department: 'IMCA', createdAt: clock.now() });
    await expect(api(other.token).timetable.startSlot.mutate({ id: slots[0] })).rejects.toMatchObject({ data: { code: 'FORBIDDEN' } });

    const started = await t.timetable.startSlot.mutate({ id: slots[0] });
    expect(started).toMatchObject({ duration_minutes: 60, room_code_required: false, session_end_time: '2026-08-03T05:25:00.000Z' });
    const row = await srv.db.selectFrom('geofence_sessions').selectAll().where('id', '=', started.session_id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      teacher_id: teacher.id,
      latitude: ROOM.latitude,
      longitude: ROOM.longitude,
      radius_m: 40,
      slot_id: slots[0],
      slot_day: '2026-08-03',
    });
    expect((await t.timetable.list.query({})).slots.map((s) => s.today)).toEqual(['open', null]);
    // The existing start's rules: one open session per teacher.
    await expect(t.timetable.startSlot.mutate({ id: slots[0] })).rejects.toMatchObject({ message: MSG.attendance.alreadyActive });

    await t.teacher.stopGeofence.mutate();
    await expect(t.timetable.startSlot.mutate({ id: slots[0] })).rejects.toMatchObject({ message: MSG.timetable.alreadyTaken });
    expect((await t.timetable.list.query({})).slots.map((s) => s.today)).toEqual(['held', null]);
  });

  it('opens by itself at the slot’s start when the school turned it on, once even with two nodes on PostgreSQL', async () => {
    clock.set(new Date('2026-08-03T08:25:00Z')); // Monday 13:55
    const a = await timetableOf('MBA', [], 'Hall A');
    const b = await timetableOf('IMCA', [], 'Hall B');
    const slotA = await api(a.teacher.token).timetable.addSlot.mutate({ room_id: a.room_id, weekday: 1, start_time: '14:00', length_minutes: 45 });
    await api(b.teacher.token).timetable.addSlot.mutate({ room_id: b.room_id, weekday: 1, start_time: '14:00', length_minutes: 50 });
    const adminApi = api(await login(admin));
    // Several nodes run on PostgreSQL only (SQLite is one process's file): there a second app on the same database
    // opens at the same instant; on SQLite two openers of the one node do.
    const node2: AppDeps = testEngine === 'postgres' ? await buildDeps(srv.deps.config, { clock, face: srv.deps.face }) : srv.deps;
    try {
      const both = async () => (await Promise.all([openDueSlots(srv.deps), openDueSlots(node2)])).reduce((x, y) => x + y, 0);
      clock.set(new Date('2026-08-03T08:30:00Z')); // 14:00: off by default
      expect(await both()).toBe(0);
      expect((await adminApi.settings.setTimetableAutoOpen.mutate({ enabled: true })).enabled).toBe(true);
      clock.set(new Date('2026-08-03T08:29:00Z')); // a minute early: nothing yet
      expect(await both()).toBe(0);
      clock.set(new Date('2026-08-03T08:30:00Z'));
      expect(await both()).toBe(2);
      expect(await both()).toBe(0);
      const opened = await srv.db
        .selectFrom('geofence_sessions')
        .select(['teacher_id', 'slot_id', 'started_at', 'ends_at', 'room_code_secret'])
        .where('slot_day', '=', '2026-08-03')
        .where('started_at', '=', '2026-08-03T08:30:00.000Z')
        .orderBy('ends_at')
        .execute();
      expect(opened).toEqual([
        {
          teacher_id: a.teacher.id,
          slot_id: slotA.id,
          started_at: '2026-08-03T08:30:00.000Z',
          ends_at: '2026-08-03T09:15:00.000Z',
          room_code_secret: expect.any(String),
        },
        expect.objectContaining({ teacher_id: b.teacher.id, ends_at: '2026-08-03T09:20:00.000Z' }),
      ]);
      // The slot's teacher sees it running, as if they had started it.
      expect(await api(a.teacher.token).teacher.geofenceStatus.query()).toMatchObject({ active: true, radius: 40 });
      // Stopped early, the class stays held: it does not open again that day.
      await api(a.teacher.token).teacher.stopGeofence.mutate();
      clock.set(new Date('2026-08-03T08:40:00Z'));
      expect(await both()).toBe(0);
    } finally {
      if (node2 !== srv.deps) await node2.db.destroy();
      await adminApi.settings.setTimetableAutoOpen.mutate({ enabled: false });
    }
  });
});

describe('the most still possible', () => {
  it('counts the sessions still to come from the timetable, against hand-computed standings (one approved mid-semester)', async () => {
    clock.set(new Date('2026-08-03T10:00:00Z'));
    // Mondays and Wednesdays at 10:00 in BCA: 8 classes in the semester.
    const teacher = (await timetableOf('BCA', [], 'Room 2')).teacher;
    const rooms = await api(teacher.token).timetable.list.query({});
    const room_id = rooms.rooms.find((r) => r.name === 'Room 2')!.id;
    const mon = await api(teacher.token).timetable.addSlot.mutate({ room_id, weekday: 1, start_time: '10:00', length_minutes: 60 });
    const wed = await api(teacher.token).timetable.addSlot.mutate({ room_id, weekday: 3, start_time: '10:00', length_minutes: 60 });
    // The first slot of the earlier test (BCA, Mondays) goes: this case counts these two only.
    for (const s of (await api(teacher.token).timetable.list.query({})).slots.filter((s) => s.id !== mon.id && s.id !== wed.id))
      await api(teacher.token).timetable.removeSlot.mutate({ id: s.id });
    const bca = await departmentId('BCA');
    const steady = await signInTestUser(srv, { role: 'student', department: 'BCA', username: 'steady', createdAt: new Date('2026-07-01T00:00:00Z') });
    const absent = await signInTestUser(srv, { role: 'student', department: 'BCA', username: 'neverthere', createdAt: new Date('2026-07-01T00:00:00Z') });
    const late = await signInTestUser(srv, { role: 'student', department: 'BCA', username: 'latejoiner', status: 'pending', createdAt: clock.now() });
    const outlook = async (s: { email: string; password: string }) => api(await login(s)).attendanceRule.standing.query();

    // Monday the 3rd, 15:30: that day's class is over (held below), 7 to come, nothing held yet: 6 of them needed.
    expect((await outlook(steady)).outlook).toEqual({ remaining: 7, best_rate: 100, needed_by_end: 6, cannot_reach: false });

    /** A class held (ended) on an August day from its slot, with the given marks. */
    const held = async (day: number, slot: number, marks: [number, 'present' | 'absent'][]) => {
      const at = tenAm(day).toISOString();
      const id = await insertSession(srv.db, {
        teacher_id: teacher.id,
        department_id: bca,
        started_at: at,
        ended_at: at,
        slot_id: slot,
        slot_day: `2026-08-${String(day).padStart(2, '0')}`,
      });
      for (const [student_id, status] of marks)
        await srv.db
          .insertInto('attendance_records')
          .values({ session_id: id, student_id, status, marked_at: at, updated_at: clock.now().toISOString() })
          .execute();
      return id;
    };
    clock.set(new Date('2026-08-11T06:00:00Z'));
    await held(3, mon.id, [
      [steady.id, 'present'],
      [absent.id, 'absent'],
    ]);
    await held(5, wed.id, [[steady.id, 'present']]);
    await held(10, mon.id, [[steady.id, 'present']]);
    // Approved on Tuesday the 11th: the 3rd, 5th and 10th are not theirs.
    expect((await patchJson(`${srv.url}/api/approve_students`, { user_ids: [late.id] }, await login(teacher))).status).toBe(200);
    clock.set(new Date('2026-08-12T07:00:00Z')); // Wednesday 12:30, after the day's class
    await held(12, wed.id, [
      [steady.id, 'absent'],
      [late.id, 'present'],
    ]);

    // steady: 3 of 4, 4 to come (17, 19, 24, 26): at best 7 of 8 = 87.5%; 75% of 8 = 6, so 3 more are needed.
    expect(await outlook(steady)).toMatchObject({
      standing: { rate: 75, held: 4, attended: 3 },
      outlook: { remaining: 4, best_rate: 87.5, needed_by_end: 3, cannot_reach: false },
    });
    // The REST twin says the same.
    expect((await getJson(`${srv.url}/api/attendance_standing`, await login(steady))).body).toMatchObject({
      rate: 75,
      remaining: 4,
      best_rate: 87.5,
      needed_by_end: 3,
      cannot_reach: false,
    });
    // neverthere: 0 of 4: at best 4 of 8 = 50%, needs 6 of 4: can no longer reach 75%.
    expect((await outlook(absent)).outlook).toEqual({ remaining: 4, best_rate: 50, needed_by_end: 6, cannot_reach: true });
    // latejoiner: 1 of 1 since approval: at best 5 of 5 = 100%; 75% of 5 = 3.75, so 3 more of the 4.
    expect(await outlook(late)).toMatchObject({
      standing: { rate: 100, held: 1 },
      outlook: { remaining: 4, best_rate: 100, needed_by_end: 3, cannot_reach: false },
    });

    // The At risk list sorts by the most still possible and counts absences in a row.
    const teacherToken = await login(teacher);
    const list = (await getJson(`${srv.url}/api/at_risk_students`, teacherToken)).body;
    expect(list.timetable).toBe(true);
    expect(list.students.map((s: { username: string; best_rate: number; absences_in_row: number }) => [s.username, s.best_rate, s.absences_in_row])).toEqual([
      ['neverthere', 50, 4],
      ['steady', 87.5, 1],
      ['latejoiner', 100, 0],
    ]);

    // Monday the 17th, the class open and steady not marked yet: it is still to come for them, not missed.
    clock.set(new Date('2026-08-17T04:40:00Z'));
    const mondayToken = await login(teacher);
    await api(mondayToken).timetable.startSlot.mutate({ id: mon.id });
    expect((await outlook(steady)).outlook).toMatchObject({ remaining: 4, best_rate: 87.5 });
    await api(mondayToken).teacher.stopGeofence.mutate();
    // Stopped without their mark: absent, one fewer to come, at best 6 of 8 = 75%, all 3 left needed.
    expect(await outlook(steady)).toMatchObject({
      standing: { held: 5, attended: 3 },
      outlook: { remaining: 3, best_rate: 75, needed_by_end: 3, cannot_reach: false },
    });
  });

  it('says nothing of the sessions to come where the department has no timetable', async () => {
    const student = await signInTestUser(srv, { role: 'student', department: 'BSCIT', createdAt: clock.now() });
    expect((await api(student.token).attendanceRule.standing.query()).outlook).toEqual({
      remaining: null,
      best_rate: null,
      needed_by_end: null,
      cannot_reach: null,
    });
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BSCIT', createdAt: clock.now() });
    expect((await api(teacher.token).attendanceRule.atRisk.query()).timetable).toBe(false);
  });
});
