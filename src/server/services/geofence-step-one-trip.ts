import { sql } from 'kysely';
import { MSG } from '../../shared/messages';
import { MIN_ACCURACY_LIMIT_M, type Role, type UserStatus } from '../../shared/constants';
import type { TMarkAttendanceInput } from '../../shared/schemas/attendance';
import { type AuthUser, liveUser } from '../auth/authenticate';
import type { VerifiedToken } from '../auth/tokens';
import { PREPARED_MARK } from '../db/dialect';
import type { AppDeps } from '../deps';
import { DomainError } from '../lib/errors';
import { EARTH_RADIUS_M } from '../lib/geo';
import type { Caller } from '../lib/caller';
import { type Attempt, logStep, logged, refuseImprecise, refusePastCheckLimit, traceOf } from './attendance-marking';
import { refuseMissingRoomCode, roomCodeAccepted, roomCodeNotCurrent } from './room-code';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'attempts' | 'sessions'>;

interface StepRow {
  id: number;
  username: string;
  role: Role;
  status: UserStatus;
  department_id: number | null;
  token_version: number;
  session_id: number | null;
  radius_m: number | null;
  marked_at: string | null;
  /** Read in the same statement so the code's rule needs no second query; never leaves the server. */
  room_code_secret: string | null;
  distance_m: number | null;
  outside: boolean | null;
  /** This student's checks in the session counting this one; null when the statement did not count it. */
  checks: number | null;
}

/**
 * The geofence step (markAttendance without face_verified) in one statement, for PostgreSQL (dialect.writesInCte):
 * the token's user row, the department's newest open session with the student's record, the distance, and the check
 * counter's upsert. The counter is written only when every earlier rule lets the step through (a live student, a
 * session, no record yet, a precise enough position), so the refusals that come before counting are still not
 * counted (a session's missing room code among them; a wrong code is counted, and refused after). The distance and the inside/outside decision are computed once, in SQL, for the counter and the answer
 * alike (haversine on the mean Earth radius, as lib/geo.ts, with the same order of operations).
 */
function runStep(deps: Deps, payload: VerifiedToken, input: TMarkAttendanceInput) {
  const rad = (x: ReturnType<typeof sql>) => sql`((${x}) * pi() / 180)`;
  const lat = sql`${input.latitude}::double precision`;
  const lon = sql`${input.longitude}::double precision`;
  const dLat = rad(sql`${lat} - s.latitude`);
  const dLon = rad(sql`${lon} - s.longitude`);
  return sql<StepRow>`${sql.raw(PREPARED_MARK)}
    with u as (
      select id, username, role, status, department_id, token_version from users where id = ${payload.user_id}
    ), s as (
      select s.id, s.latitude, s.longitude, s.radius_m, s.room_code_secret, r.marked_at
      from u
      join geofence_sessions s on s.department_id = u.department_id and s.ended_at is null
      left join attendance_records r on r.session_id = s.id and r.student_id = u.id
      order by s.started_at desc
      limit 1
    ), a as (
      select s.*, sin(${dLat} / 2) * sin(${dLat} / 2) + cos(${rad(sql`s.latitude`)}) * cos(${rad(lat)}) * sin(${dLon} / 2) * sin(${dLon} / 2) as a
      from s
    ), g as (
      select a.id, a.radius_m, a.room_code_secret, a.marked_at, d.distance_m, d.distance_m > a.radius_m as outside
      from a cross join lateral (select 2 * ${EARTH_RADIUS_M}::double precision * asin(least(1, sqrt(a.a))) as distance_m) d
    ), c as (
      insert into geofence_checks (session_id, student_id, checks, outside)
      select g.id, u.id, 1, case when g.outside then 1 else 0 end
      from g, u
      where u.status = 'active' and u.token_version = ${payload.tv ?? 0} and u.role = 'student'
        and g.marked_at is null
        and (g.room_code_secret is null or ${Boolean(input.room_code)}::boolean)
        and ${input.accuracy}::double precision <= coalesce(${deps.config.geoMaxAccuracyM ?? null}::double precision, greatest(g.radius_m, ${MIN_ACCURACY_LIMIT_M}::double precision))
      on conflict (session_id, student_id) do update
        set checks = geofence_checks.checks + 1, outside = geofence_checks.outside + excluded.outside
      returning checks
    )
    select u.*, g.id as session_id, g.radius_m, g.room_code_secret, g.marked_at, g.distance_m, g.outside, (select checks from c) as checks
    from u left join g on true`.execute(deps.db);
}

/**
 * markAttendance's geofence step for a verified token, in one round trip (see runStep); the rules are applied to its
 * row in markAttendance's order. `authorize` gives the route's answer for the token's user (401 or 403 as
 * requireUser would), before anything about the session is told.
 */
export async function geofenceStepInOneTrip(
  deps: Deps,
  payload: VerifiedToken,
  input: TMarkAttendanceInput,
  caller: Caller,
  authorize: (user: AuthUser | null) => AuthUser,
) {
  await deps.sessions.sweepIfDue();
  const {
    rows: [row],
  } = await runStep(deps, payload, input);
  const student = authorize(liveUser(payload, row));
  if (!student.department_id) throw new DomainError('VALIDATION', MSG.attendance.noDepartment);
  if (row.session_id === null) throw new DomainError('NOT_FOUND', MSG.attendance.noActiveSession);
  if (row.marked_at) return { status: 'already_marked' as const, timestamp: row.marked_at };
  refuseMissingRoomCode(row.room_code_secret, input.room_code);
  refuseImprecise(deps.config, row.radius_m!, input.accuracy);
  // Every rule before counting passed, so the statement counted this check (the same rules, in SQL).
  if (row.checks === null) throw new Error('geofence step: the check was not counted');
  refusePastCheckLimit(row.checks);
  const geofencing_status = row.outside ? ('invalid' as const) : ('valid' as const);
  const attempt: Attempt = {
    student_id: student.id,
    session_id: row.session_id,
    latitude: input.latitude,
    longitude: input.longitude,
    distance_m: row.distance_m,
    ...(await traceOf(deps, caller, input)),
  };
  if (!roomCodeAccepted(row.room_code_secret, input.room_code, 'geofence', deps.clock.now())) {
    await deps.attempts.writeNow(logged(deps, attempt, 'refused_room_code'));
    throw roomCodeNotCurrent();
  }
  await logStep(deps, attempt, `geofence_${geofencing_status}`);
  return { status: 'geofence_checked' as const, geofencing_status, session_id: row.session_id };
}
