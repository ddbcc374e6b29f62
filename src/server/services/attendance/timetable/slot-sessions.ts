import { kolkataDay } from '@shared/kolkata-time';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { logger } from '@server/lib/logger';
import { startGeofenceSession } from '../geofence-sessions';
import { timetableAutoOpenOn } from '../settings/timetable-auto-open';
import { addDays, occurrenceStart, weekdayOf } from './slot-days';
import { timetableDepartment } from './timetable';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions'>;

const slotRows = (deps: Pick<AppDeps, 'db'>) =>
  deps.db
    .selectFrom('timetable_slots as t')
    .innerJoin('rooms as r', 'r.id', 't.room_id')
    .select([
      't.id',
      't.department_id',
      't.teacher_id',
      't.weekday',
      't.start_time',
      't.length_minutes',
      't.room_code',
      'r.latitude',
      'r.longitude',
      'r.radius_m',
    ]);

type SlotRow = Awaited<ReturnType<ReturnType<typeof slotRows>['executeTakeFirstOrThrow']>>;

/** The existing start, in the slot's room, for the slot's length (or what is left of it), recording today's occurrence. */
function openSlot(deps: Deps, caller: AuthUser, slot: SlotRow, day: string, minutes: number) {
  return startGeofenceSession(
    deps,
    caller,
    {
      teacher_id: caller.id,
      latitude: slot.latitude,
      longitude: slot.longitude,
      radius: slot.radius_m,
      department: slot.department_id,
      duration_minutes: minutes,
      room_code: slot.room_code === 1,
    },
    { slot_id: slot.id, slot_day: day },
  );
}

/**
 * Start on a slot of today's timetable: the session opens in the slot's room for the slot's length, by the rules of
 * any start (the caller's own department, one open session each, the room code as the slot says), owned by the
 * caller, so a colleague covering the class can start it. Each day's occurrence opens once.
 */
export async function startSessionFromSlot(deps: Deps, caller: AuthUser, slotId: number) {
  const slot = await slotRows(deps).where('t.id', '=', slotId).executeTakeFirst();
  if (!slot) throw new DomainError('NOT_FOUND', MSG.timetable.slotNotFound);
  timetableDepartment(caller, slot.department_id);
  const today = kolkataDay(deps.clock.now().toISOString());
  if (slot.weekday !== weekdayOf(today)) throw new DomainError('CONFLICT', MSG.timetable.notToday, { errorCode: 'slot_not_today' });
  return openSlot(deps, caller, slot, today, slot.length_minutes);
}

/**
 * When the school turned it on, opens every slot of today that has started and not ended and has no session yet,
 * owned by its teacher (still an active teacher of the department), until the slot's end. Every node may call it at
 * once: the unique index on (slot, day) lets one insert win; the others are refused and open nothing. Returns how
 * many sessions this call opened.
 */
export async function openDueSlots(deps: Deps): Promise<number> {
  if (!(await timetableAutoOpenOn(deps))) return 0;
  const now = deps.clock.now();
  const today = kolkataDay(now.toISOString());
  const due = await slotRows(deps)
    .innerJoin('users as u', 'u.id', 't.teacher_id')
    .select(['u.username'])
    .where('t.weekday', '=', weekdayOf(today))
    .where('u.role', '=', 'teacher')
    .where('u.status', '=', 'active')
    .whereRef('u.department_id', '=', 't.department_id')
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('geofence_sessions as s').select('s.id').whereRef('s.slot_id', '=', 't.id').where('s.slot_day', '=', today))),
    )
    .execute();
  let opened = 0;
  for (const slot of due) {
    const start = occurrenceStart(today, slot.start_time).getTime();
    const left = Math.ceil((start + slot.length_minutes * 60_000 - now.getTime()) / 60_000);
    if (start > now.getTime() || left <= 0) continue;
    const teacher: AuthUser = {
      id: slot.teacher_id,
      username: slot.username,
      role: 'teacher',
      status: 'active',
      department_id: slot.department_id,
      token_id: '',
    };
    try {
      await openSlot(deps, teacher, slot, today, left);
      opened++;
    } catch (err) {
      // Another node opened it, or the teacher is running another session: nothing to open here.
      if (err instanceof DomainError && err.kind === 'CONFLICT') logger.debug({ slot: slot.id, reason: err.message }, 'timetable: slot not opened');
      else throw err;
    }
  }
  return opened;
}

/**
 * The sessions still to come in [from, to) of each department with a timetable: the occurrences of its slots that
 * have not ended by now and have no session yet. A department without slots is absent from the map: its sessions to
 * come are not known.
 */
export async function upcomingSlotSessions(deps: Pick<AppDeps, 'db' | 'clock'>, scope: { department_id?: number; from: string; to: string }) {
  const now = deps.clock.now();
  const counts = new Map<number, number>();
  let slots = slotRows(deps);
  if (scope.department_id) slots = slots.where('t.department_id', '=', scope.department_id);
  const rows = await slots.execute();
  if (rows.length === 0) return counts;
  const first = kolkataDay(new Date(Math.max(now.getTime(), Date.parse(scope.from))).toISOString());
  const last = kolkataDay(new Date(Date.parse(scope.to) - 1).toISOString());
  const taken = new Set(
    (
      await deps.db
        .selectFrom('geofence_sessions')
        .select(['slot_id', 'slot_day'])
        .where(
          'slot_id',
          'in',
          rows.map((r) => r.id),
        )
        .where('slot_day', '>=', first)
        .execute()
    ).map((s) => `${s.slot_id}:${s.slot_day}`),
  );
  for (const r of rows) counts.set(r.department_id, counts.get(r.department_id) ?? 0);
  for (let day = first; day <= last; day = addDays(day, 1)) {
    const weekday = weekdayOf(day);
    for (const r of rows) {
      if (r.weekday !== weekday || taken.has(`${r.id}:${day}`)) continue;
      const start = occurrenceStart(day, r.start_time).getTime();
      if (start < Date.parse(scope.from) || start >= Date.parse(scope.to) || start + r.length_minutes * 60_000 <= now.getTime()) continue;
      counts.set(r.department_id, (counts.get(r.department_id) ?? 0) + 1);
    }
  }
  return counts;
}
