import { DEFAULT_LATE_AFTER_MINUTES } from '@shared/attendance/attendance-status';
import { MSG } from '@shared/messages';
import { MAX_SESSION_MINUTES } from '@shared/constants';
import type { TExtendGeofenceInput, TStartGeofenceInput } from '@shared/schemas/attendance/attendance';
import type { AuthUser } from '@server/auth/authenticate';
import type { Transaction } from 'kysely';
import type { DB } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { isUniqueViolation } from '@server/db/dialect';
import { newRoomCodeSecret } from './room-code';
import { finalizeSession } from './session-expiry';
import { removeSpentStills } from '@server/services/faces/index';
import { countUnmarked } from './unmarked-students';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions'>;

async function resolveDepartment(db: DB, department: number | string) {
  const q = db.selectFrom('departments').select(['id', 'name']);
  const row = await (typeof department === 'number' ? q.where('id', '=', department) : q.where('name', '=', department)).executeTakeFirst();
  if (!row) throw new DomainError('VALIDATION', MSG.attendance.unknownDepartment);
  return row;
}

const slotSession = (db: DB | Transaction<Database>, slot: SlotOccurrence) =>
  db.selectFrom('geofence_sessions').select('id').where('slot_id', '=', slot.slot_id).where('slot_day', '=', slot.slot_day).executeTakeFirst();

/** The caller's open session, after closing any that are past their end time. */
export async function findOpenSessionOfTeacher(deps: Deps, teacherId: number) {
  await deps.sessions.sweepIfDue();
  return deps.db.selectFrom('geofence_sessions').selectAll().where('teacher_id', '=', teacherId).where('ended_at', 'is', null).executeTakeFirst();
}

/** Issue 39: the timetable occurrence a session is opened for (one session each: a unique index). */
export interface SlotOccurrence {
  slot_id: number;
  slot_day: string;
}

const slotTaken = () => new DomainError('CONFLICT', MSG.timetable.alreadyTaken, { errorCode: 'slot_taken' });

/**
 * Opens a timed geofence for a department. A teacher runs sessions of their own department only (an admin of any);
 * a teacher has at most one open session (also a unique index), and a department too: a new session never silently
 * replaces another teacher's running one. Opened from a timetable slot, it records the occurrence, once.
 */
export async function startGeofenceSession(deps: Deps, caller: AuthUser, input: TStartGeofenceInput, slot?: SlotOccurrence) {
  if (input.teacher_id !== caller.id) throw new DomainError('FORBIDDEN', MSG.attendance.notYourTeacherId);
  const department = await resolveDepartment(deps.db, input.department);
  if (caller.role !== 'admin' && department.id !== caller.department_id) throw new DomainError('FORBIDDEN', MSG.attendance.notYourDepartment);
  await deps.sessions.sweepIfDue();
  const minutes = input.duration_minutes ?? deps.config.sessionMinutes;
  const lateAfter = input.late_after_minutes ?? DEFAULT_LATE_AFTER_MINUTES;
  const now = deps.clock.now();
  const endsAt = new Date(now.getTime() + minutes * 60_000);
  // Check and insert in one transaction: SQLite runs them one at a time, so two starts cannot both pass the check.
  const session = await deps.db
    .transaction()
    .execute(async (trx) => {
      const open = await trx
        .selectFrom('geofence_sessions')
        .select(['teacher_id', 'department_id'])
        .where('ended_at', 'is', null)
        .where((w) => w.or([w('teacher_id', '=', caller.id), w('department_id', '=', department.id)]))
        .execute();
      if (open.some((s) => s.teacher_id === caller.id)) throw new DomainError('CONFLICT', MSG.attendance.alreadyActive);
      if (open.length) throw new DomainError('CONFLICT', MSG.attendance.departmentBusy);
      if (slot && (await slotSession(trx, slot))) throw slotTaken();
      return trx
        .insertInto('geofence_sessions')
        .values({
          teacher_id: caller.id,
          department_id: department.id,
          latitude: input.latitude,
          longitude: input.longitude,
          radius_m: input.radius,
          started_at: now.toISOString(),
          ends_at: endsAt.toISOString(),
          // Only an explicit true asks for the code: the REST default stays as the SPEC's clients expect.
          room_code_secret: input.room_code === true ? newRoomCodeSecret() : null,
          late_after_minutes: lateAfter,
          slot_id: slot?.slot_id ?? null,
          slot_day: slot?.slot_day ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    })
    .catch(async (err: unknown) => {
      // PostgreSQL runs two starts side by side: the unique indexes decide, and the slot's own says which one refused.
      if (isUniqueViolation(err)) throw slot && (await slotSession(deps.db, slot)) ? slotTaken() : new DomainError('CONFLICT', MSG.attendance.alreadyActive);
      throw err;
    });
  deps.sessions.noteEnd(endsAt);
  return {
    session_id: session.id,
    duration_minutes: minutes,
    session_end_time: endsAt.toISOString(),
    department,
    room_code_required: input.room_code === true,
    late_after_minutes: lateAfter,
  };
}

/** Ends the caller's open session now; students without a record are marked absent by the system. */
export async function stopGeofenceSession(deps: Deps, caller: AuthUser) {
  const open = await findOpenSessionOfTeacher(deps, caller.id);
  if (!open) throw new DomainError('NOT_FOUND', MSG.attendance.noActiveSessionTeacher);
  const absent = await deps.db.transaction().execute((trx) => finalizeSession(trx, open, 'manual', deps.clock.now()));
  await removeSpentStills(deps);
  return { message: MSG.teacher.ended, session_id: open.id, marked_absent: absent ?? 0 };
}

/**
 * Issue 36: moves the end of the caller's running session `minutes` later. The end lives in the database, so every
 * node's sweeper, the marks, the room code display and the student's banner read the new one; only the teacher who
 * started it may extend it (an admin too only their own, as for Stop), never past MAX_SESSION_MINUTES in all, and a
 * session whose end has passed (swept or not yet) stays ended.
 */
export async function extendGeofenceSession(deps: Deps, caller: AuthUser, input: TExtendGeofenceInput) {
  await deps.sessions.sweepIfDue();
  const session = input.session_id
    ? await deps.db.selectFrom('geofence_sessions').selectAll().where('id', '=', input.session_id).executeTakeFirst()
    : await findOpenSessionOfTeacher(deps, caller.id);
  if (!session) throw new DomainError('NOT_FOUND', input.session_id ? MSG.attendance.sessionNotFound : MSG.sessionTime.noneToExtend);
  if (session.teacher_id !== caller.id) throw new DomainError('FORBIDDEN', MSG.sessionTime.notYours);
  const now = deps.clock.now();
  const ended = () => new DomainError('CONFLICT', MSG.sessionTime.ended, { errorCode: 'session_ended' });
  if (session.ended_at !== null || Date.parse(session.ends_at) <= now.getTime()) throw ended();
  const endsAt = new Date(Date.parse(session.ends_at) + input.minutes * 60_000);
  if (endsAt.getTime() - Date.parse(session.started_at) > MAX_SESSION_MINUTES * 60_000) {
    throw new DomainError('CONFLICT', MSG.sessionTime.tooLong(MAX_SESSION_MINUTES), { errorCode: 'session_too_long' });
  }
  // Conditional on the end read above: a sweep closing it at this instant, or a second Extend, wins or loses whole.
  const moved = await deps.db
    .updateTable('geofence_sessions')
    .set({ ends_at: endsAt.toISOString() })
    .where('id', '=', session.id)
    .where('ended_at', 'is', null)
    .where('ends_at', '=', session.ends_at)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) === 0) {
    const again = await deps.db.selectFrom('geofence_sessions').select(['ended_at']).where('id', '=', session.id).executeTakeFirstOrThrow();
    if (again.ended_at !== null) throw ended();
    // Another Extend moved it first: this one adds its minutes to that end.
    return extendGeofenceSession(deps, caller, { ...input, session_id: session.id });
  }
  return {
    session_id: session.id,
    extended_minutes: input.minutes,
    session_end_time: endsAt.toISOString(),
    remaining_seconds: Math.max(0, Math.round((endsAt.getTime() - now.getTime()) / 1000)),
  };
}

export async function getGeofenceStatus(deps: Deps, caller: AuthUser) {
  const open = await findOpenSessionOfTeacher(deps, caller.id);
  /** The length a session gets when the teacher does not choose one (SESSION_MINUTES): the start dialog's default. */
  if (!open) return { active: false as const, default_duration_minutes: deps.config.sessionMinutes };
  const department = await deps.db.selectFrom('departments').select(['id', 'name']).where('id', '=', open.department_id).executeTakeFirstOrThrow();
  return {
    active: true as const,
    session_id: open.id,
    latitude: open.latitude,
    longitude: open.longitude,
    radius: open.radius_m,
    department,
    session_start_time: open.started_at,
    session_end_time: open.ends_at,
    remaining_seconds: Math.max(0, Math.round((Date.parse(open.ends_at) - deps.clock.now().getTime()) / 1000)),
    room_code_required: open.room_code_secret !== null,
    late_after_minutes: open.late_after_minutes,
    default_duration_minutes: deps.config.sessionMinutes,
    /** Who Stop would mark absent now: the question it asks first states this count. */
    unmarked_count: await countUnmarked(deps.db, open),
  };
}
