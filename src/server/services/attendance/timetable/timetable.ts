import { MSG } from '@shared/messages';
import type { TRoomInput, TSlotInput } from '@shared/schemas/attendance/timetable';
import type { AuthUser } from '@server/auth/authenticate';
import { uniqueViolationAs } from '@server/db/dialect';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { timetableAutoOpenOn } from '../settings/timetable-auto-open';
import { clockTimeAfter, weekdayOf } from './slot-days';
import { kolkataDay } from '@shared/kolkata-time';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/**
 * The department whose timetable the caller changes or reads: a teacher's own always (a department named by a
 * teacher must be it), an administrator's choice (required).
 */
export function timetableDepartment(caller: AuthUser, departmentId: number | undefined): number {
  if (caller.role === 'admin') {
    if (!departmentId) throw new DomainError('VALIDATION', MSG.timetable.departmentRequired);
    return departmentId;
  }
  if (!caller.department_id || (departmentId !== undefined && departmentId !== caller.department_id))
    throw new DomainError('FORBIDDEN', MSG.timetable.notYourDepartment);
  return caller.department_id;
}

/** A department's rooms, its weekly slots (by day, then start) with today's session of each, and its teachers. */
export async function listTimetable(deps: Deps, caller: AuthUser, departmentId?: number) {
  const department_id = timetableDepartment(caller, departmentId);
  const today = kolkataDay(deps.clock.now().toISOString());
  const [rooms, slots, teachers, auto_open] = await Promise.all([
    deps.db
      .selectFrom('rooms')
      .select(['id', 'name', 'latitude', 'longitude', 'radius_m'])
      .where('department_id', '=', department_id)
      .orderBy('name')
      .execute(),
    deps.db
      .selectFrom('timetable_slots as t')
      .innerJoin('rooms as r', 'r.id', 't.room_id')
      .innerJoin('users as u', 'u.id', 't.teacher_id')
      .leftJoin('geofence_sessions as s', (j) => j.onRef('s.slot_id', '=', 't.id').on('s.slot_day', '=', today))
      .select([
        't.id',
        't.weekday',
        't.start_time',
        't.length_minutes',
        't.room_code',
        't.room_id',
        'r.name as room_name',
        't.teacher_id',
        'u.username as teacher_name',
      ])
      .select(['s.id as session_id', 's.ended_at'])
      .where('t.department_id', '=', department_id)
      .orderBy('t.weekday')
      .orderBy('t.start_time')
      .orderBy('t.id')
      .execute(),
    deps.db
      .selectFrom('users')
      .select(['id', 'username'])
      .where('role', '=', 'teacher')
      .where('status', '=', 'active')
      .where('department_id', '=', department_id)
      .orderBy('username')
      .execute(),
    timetableAutoOpenOn(deps),
  ]);
  const todayWeekday = weekdayOf(today);
  return {
    department_id,
    today_weekday: todayWeekday,
    auto_open,
    rooms,
    teachers,
    slots: slots.map(({ session_id, ended_at, room_code, ...s }) => ({
      ...s,
      room_code: room_code === 1,
      end_time: clockTimeAfter(s.start_time, s.length_minutes),
      /** Today's session of this slot: none, open, or held. */
      today: s.weekday !== todayWeekday ? null : session_id === null ? ('none' as const) : ended_at === null ? ('open' as const) : ('held' as const),
    })),
  };
}

export async function addRoom(deps: Deps, caller: AuthUser, input: TRoomInput) {
  const department_id = timetableDepartment(caller, input.department_id);
  const row = await deps.db
    .insertInto('rooms')
    .values({
      department_id,
      name: input.name,
      latitude: input.latitude,
      longitude: input.longitude,
      radius_m: input.radius,
      created_at: deps.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
    .catch(uniqueViolationAs(() => new DomainError('CONFLICT', MSG.timetable.roomExists)));
  return { id: row.id };
}

/** Removes a room without classes; its sessions keep their own copy of the centre and radius. */
export async function removeRoom(deps: Deps, caller: AuthUser, id: number) {
  const room = await deps.db.selectFrom('rooms').select(['department_id']).where('id', '=', id).executeTakeFirst();
  if (!room) throw new DomainError('NOT_FOUND', MSG.timetable.roomNotFound);
  timetableDepartment(caller, room.department_id);
  const used = await deps.db.selectFrom('timetable_slots').select('id').where('room_id', '=', id).executeTakeFirst();
  if (used) throw new DomainError('CONFLICT', MSG.timetable.roomInUse);
  await deps.db.deleteFrom('rooms').where('id', '=', id).execute();
  return { id };
}

/** Adds a weekly slot in one of the department's rooms, taken by one of its teachers (the caller unless named). */
export async function addSlot(deps: Deps, caller: AuthUser, input: TSlotInput) {
  const room = await deps.db.selectFrom('rooms').select(['department_id']).where('id', '=', input.room_id).executeTakeFirst();
  if (!room) throw new DomainError('NOT_FOUND', MSG.timetable.roomNotFound);
  const department_id = timetableDepartment(caller, room.department_id);
  const teacherId = input.teacher_id ?? (caller.role === 'teacher' ? caller.id : undefined);
  if (!teacherId) throw new DomainError('VALIDATION', MSG.timetable.teacherRequired);
  const teacher = await deps.db
    .selectFrom('users')
    .select('id')
    .where('id', '=', teacherId)
    .where('role', '=', 'teacher')
    .where('status', '=', 'active')
    .where('department_id', '=', department_id)
    .executeTakeFirst();
  if (!teacher) throw new DomainError('VALIDATION', MSG.timetable.badTeacher);
  const row = await deps.db
    .insertInto('timetable_slots')
    .values({
      department_id,
      room_id: input.room_id,
      teacher_id: teacherId,
      weekday: input.weekday,
      start_time: input.start_time,
      length_minutes: input.length_minutes,
      room_code: input.room_code === false ? 0 : 1,
      created_at: deps.clock.now().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id };
}

/** Removes a slot from the timetable; the sessions held from it stay (their slot becomes null). */
export async function removeSlot(deps: Deps, caller: AuthUser, id: number) {
  const slot = await deps.db.selectFrom('timetable_slots').select(['department_id']).where('id', '=', id).executeTakeFirst();
  if (!slot) throw new DomainError('NOT_FOUND', MSG.timetable.slotNotFound);
  timetableDepartment(caller, slot.department_id);
  await deps.db.deleteFrom('timetable_slots').where('id', '=', id).execute();
  return { id };
}
