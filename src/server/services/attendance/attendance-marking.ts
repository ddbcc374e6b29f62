import { GEOFENCE_CHECKS_PER_SESSION, MIN_ACCURACY_LIMIT_M } from '@shared/constants';
import { isLateMark } from '@shared/attendance/attendance-status';
import { formatKolkata } from '@shared/kolkata-time';
import { MSG } from '@shared/messages';
import type { TMarkAttendanceInput } from '@shared/schemas/attendance/attendance';
import { attestedDevice } from '@server/auth/authenticate';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { isUniqueViolation } from '@server/db/dialect';
import type { Caller } from '@server/lib/http/caller';
import { DomainError } from '@server/lib/errors';
import { faceTriesLeft, outOfTries } from '../faces/index';
import { coarseDistanceMeters, haversineMeters } from '@server/lib/geo';
import { campusNetworksSet, campusStanding, offCampusRefusal } from './settings/campus-networks';
import { notFromBrowserFlagOn } from './settings/not-from-browser-flag';
import { fixedFlags, lockSessionMarks, refreshSessionFlags } from './mark-flags/session-flags';
import { refsJson } from './mark-flags/flag-bits';
import { type PassedStep, passedStepOf, recordPassedStep, stepRefusal } from './geofence-step';
import { refuseMissingRoomCode, roomCodeNotCurrent, stepCodeWindow } from './room-code';
import { resolveMarkedRequests } from './review/review-queue';
import { removeSpentStills } from '@server/services/faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'attempts' | 'sessions' | 'devices'>;
/** An attempt as logged, with where it came from (address, user agent, the position's accuracy) for a later look back. */
type Attempt = {
  student_id: number;
  session_id: number | null;
  latitude: number;
  longitude: number;
  distance_m: number | null;
  ip: string | null;
  user_agent: string | null;
  accuracy_m: number | null;
  device_id: string | null;
  /** 1: from outside CAMPUS_NETWORKS; 0: from inside; null: no campus network is set. */
  off_campus: number | null;
};

/** The attempt's fields that say where it came from (its record carries them too). */
const traceOf = async (deps: Pick<Deps, 'db' | 'config'>, caller: Caller, input: Pick<TMarkAttendanceInput, 'accuracy' | 'device_id'>) => ({
  ip: caller.ip,
  user_agent: caller.userAgent || null,
  accuracy_m: input.accuracy,
  device_id: input.device_id ?? null,
  off_campus: await campusStanding(deps, caller.ip),
});

/** The department's open session and, in the same query, this student's record for it if any. */
async function findOpenSessionFor(deps: Deps, departmentId: number, studentId: number) {
  await deps.sessions.sweepIfDue();
  return deps.db
    .selectFrom('geofence_sessions as s')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', studentId))
    .select(['s.id', 's.latitude', 's.longitude', 's.radius_m', 's.room_code_secret', 's.started_at', 's.late_after_minutes', 'r.marked_at'])
    .where('s.department_id', '=', departmentId)
    .where('s.ended_at', 'is', null)
    .orderBy('s.started_at', 'desc')
    .executeTakeFirst();
}

const logged = (deps: Pick<Deps, 'clock'>, attempt: Attempt, outcome: string) => ({ ...attempt, outcome, created_at: deps.clock.now().toISOString() });

/**
 * A position less precise than the session's limit is refused (before it is counted), and logged: issue 39's review
 * request needs the server's own word that the student was refused, and the teacher reads the accuracy.
 */
async function refuseImprecise(deps: Deps, radiusM: number, attempt: Attempt) {
  const maxAccuracy = deps.config.geoMaxAccuracyM ?? Math.max(radiusM, MIN_ACCURACY_LIMIT_M);
  const accuracy = attempt.accuracy_m ?? 0;
  if (accuracy <= maxAccuracy) return;
  await deps.attempts.writeNow(logged(deps, attempt, 'refused_imprecise'));
  throw new DomainError('VALIDATION', MSG.attendance.tooImprecise(Math.round(accuracy)));
}

/** `checks` counts this one: past the limit per session the step is refused. */
function refusePastCheckLimit(checks: number) {
  if (checks > GEOFENCE_CHECKS_PER_SESSION) throw new DomainError('TOO_MANY_REQUESTS', MSG.attendance.tooManyChecks, { retryAfterSeconds: 600 });
}

/**
 * Counts one position check of this student in this session (and whether it was outside) and refuses past the
 * limit: a student at home cannot probe the circle's edge with many positions.
 */
async function countCheck(deps: Deps, sessionId: number, studentId: number, outside: boolean) {
  const row = await deps.db
    .insertInto('geofence_checks')
    .values({ session_id: sessionId, student_id: studentId, checks: 1, outside: outside ? 1 : 0 })
    .onConflict((oc) =>
      oc
        .columns(['session_id', 'student_id'])
        .doUpdateSet((eb) => ({ checks: eb('geofence_checks.checks', '+', 1), outside: eb('geofence_checks.outside', '+', outside ? 1 : 0) })),
    )
    .returning('checks')
    .executeTakeFirstOrThrow();
  refusePastCheckLimit(row.checks);
}

/**
 * The student's mark. Without `face_verified` it is the geofence step (is the student inside?). With it, a present
 * record is written only if the student is still inside AND has an unused successful face verification from the last
 * FACE_PROOF_TTL seconds: the flag itself proves nothing. Outside, the student learns roughly how far from the room
 * (10 m steps, 100 m past 1 km: issue 22), never the radius; inside, nothing more. The distance may help to locate the
 * room, which is no secret to its students: what stops a mark from elsewhere is the room code (checked before the
 * answer), the limited checks per session, the outside flags and, when set, the campus networks every step must come
 * from (CAMPUS_NETWORKS or the admin card; issue 35). Imprecise positions are refused.
 *
 * A session with a room code (issue 19) refuses a mark without one before anything else is decided (not counted: no
 * guess was made), and a code that is not current after the check is counted and before inside/outside is told: each
 * guess spends one of the session's checks, and a wrong code learns nothing about the position. The geofence step
 * takes the code on the screen (or the previous one during the grace); a step that passed is kept for its login
 * (geofence-step.ts), and the final mark must follow it within MARK_STEP_MAX_AGE_SECONDS, from its device, with its
 * code (issue 35). Both doors (REST and tRPC) and both engines come here.
 */
export async function markAttendance(deps: Deps, student: AuthUser, input: TMarkAttendanceInput, caller: Caller) {
  if (!student.department_id) throw new DomainError('VALIDATION', MSG.attendance.noDepartment);
  const session = await findOpenSessionFor(deps, student.department_id, student.id);
  if (!session) throw new DomainError('NOT_FOUND', MSG.attendance.noActiveSession);
  if (session.marked_at) return { status: 'already_marked' as const, timestamp: session.marked_at };
  // Issue 36: out of face check tries, the geofence step is refused as the face check would be (429
  // challenge_limit): the student, or a script, learns it before any step, not on the face page.
  if (!input.face_verified && (await faceTriesLeft(deps, student.id, session.id)) === 0) throw outOfTries();
  refuseMissingRoomCode(session.room_code_secret, input.room_code);

  const distance = haversineMeters(session.latitude, session.longitude, input.latitude, input.longitude);
  const geofencing_status = distance <= session.radius_m ? ('valid' as const) : ('invalid' as const);
  const attempt: Attempt = {
    student_id: student.id,
    session_id: session.id,
    latitude: input.latitude,
    longitude: input.longitude,
    distance_m: distance,
    ...(await traceOf(deps, caller, input)),
  };
  await refuseImprecise(deps, session.radius_m, attempt);
  if (attempt.off_campus === 1) {
    // Issue 35: either step from off the campus networks, refused before it is counted (no position is told). Written
    // at once, not buffered: the student's later mark from campus reads it for the off_campus flag.
    await deps.attempts.writeNow(logged(deps, attempt, 'refused_off_campus'));
    throw offCampusRefusal();
  }
  await countCheck(deps, session.id, student.id, geofencing_status === 'invalid');
  const geo = { geofencing_status, session_id: session.id };
  if (input.face_verified) return recordPresence(deps, student, session, input, geo, attempt, caller);

  const codeWindow = session.room_code_secret ? stepCodeWindow(session.room_code_secret, input.room_code, deps.clock.now()) : null;
  if (session.room_code_secret && codeWindow === null) return refuseRoomCode(deps, attempt);
  // Told only with the outside answer, after the room code was accepted: a wrong code learns nothing of the position.
  const howFar = geofencing_status === 'invalid' ? { distance_m: coarseDistanceMeters(distance) } : {};
  const proofReady = geofencing_status === 'valid' ? { face_proof_ready: await keepPassedStep(deps, student, session.id, codeWindow, caller) } : {};
  // Buffered (a class's burst): nothing reads a step's log line before the buffer's timer writes it.
  deps.attempts.record(logged(deps, attempt, `geofence_${geofencing_status}`));
  return { status: 'geofence_checked' as const, ...geo, ...howFar, ...proofReady };
}

async function refuseRoomCode(deps: Pick<Deps, 'clock' | 'attempts'>, attempt: Attempt): Promise<never> {
  await deps.attempts.writeNow(logged(deps, attempt, 'refused_room_code'));
  throw roomCodeNotCurrent();
}

/**
 * The student's accepted, unused face checks of the last FACE_PROOF_TTL seconds, newest first. A proof is spent only
 * by the login that earned it (the caller adds its token_id): a check on one device cannot mark from another.
 */
function unusedProofs(db: Deps['db'], studentId: number, since: string, now: Date) {
  return db
    .selectFrom('face_verifications')
    .select(['id', 'ip', 'device_id'])
    .where('user_id', '=', studentId)
    .where('verdict', '=', 'accepted')
    .where('used_at', 'is', null)
    .where('created_at', '>=', since)
    .where('created_at', '<=', now.toISOString())
    .orderBy('created_at', 'desc');
}

/**
 * Keeps this login's step that passed, and answers whether its final mark would find a face proof now. A student
 * whose face check passed only after a retry comes back past the step's minute with that proof unspent: the page then
 * sends the final mark at once instead of a second face check. A hint only: the final mark checks everything again.
 */
async function keepPassedStep(deps: Deps, student: AuthUser, sessionId: number, codeWindow: PassedStep['code_window'], caller: Caller) {
  const device = await attestedDevice(deps, student.id, caller.deviceCookie);
  await recordPassedStep(
    deps.db,
    { session_id: sessionId, student_id: student.id, token_id: student.token_id },
    { at: deps.clock.now().toISOString(), code_window: codeWindow, ip: caller.ip, device_id: device },
  );
  return holdsSpendableProof(deps, student, device);
}

/** The oldest moment a face proof may come from and still be spent at `now` (FACE_PROOF_TTL). */
const proofsSince = (deps: Pick<Deps, 'config'>, now: Date) => new Date(now.getTime() - deps.config.faceProofTtlSeconds * 1000).toISOString();

/**
 * Whether this login's final mark from `device` would find its proof now: its newest unused accepted check is fresh
 * and was made on that device (the proof recordPresence takes, and its device rule).
 */
async function holdsSpendableProof(deps: Pick<Deps, 'db' | 'clock' | 'config'>, student: AuthUser, device: string | null) {
  const now = deps.clock.now();
  const proof = await unusedProofs(deps.db, student.id, proofsSince(deps, now), now).where('token_id', '=', student.token_id).executeTakeFirst();
  return proof !== undefined && proof.device_id === device;
}

async function recordPresence(
  deps: Deps,
  student: AuthUser,
  session: { id: number; radius_m: number; room_code_secret: string | null; started_at: string; late_after_minutes: number | null },
  input: TMarkAttendanceInput,
  geo: { geofencing_status: 'valid' | 'invalid'; session_id: number },
  attempt: Attempt,
  caller: Caller,
) {
  const now = deps.clock.now();
  const since = proofsSince(deps, now);
  // read before the transaction: on SQLite a query outside it would wait for the one connection it holds
  const sameAddress = !(await campusNetworksSet(deps));
  const markDevice = await attestedDevice(deps, student.id, caller.deviceCookie);
  // No device cookie of this server: a REST client or script, bound by its login token alone (issue 35).
  const notFromBrowser = markDevice === null && (await notFromBrowserFlagOn(deps));
  // Issue 24: past the session's grace period the same mark is written late (it still counts as attended).
  const status = isLateMark(session.started_at, session.late_after_minutes, now) ? ('late' as const) : ('present' as const);
  // One transaction: the proof is consumed and the record written together, or neither. Kysely runs SQLite's
  // transactions one at a time, so a second request for the same student sees the first one's record here. On
  // PostgreSQL two nodes may run it at once: the proof is taken by a conditional update (one of them wins it) and
  // the record's unique key refuses the second record. The session's flags are recomputed in the same transaction,
  // behind a lock on the session's row (lockSessionMarks), so two marks written at once still see each other.
  const outcome = await deps.db
    .transaction()
    .execute(async (trx) => {
      await lockSessionMarks(trx, session.id);
      const earlier = await trx
        .selectFrom('attendance_records')
        .select('marked_at')
        .where('session_id', '=', session.id)
        .where('student_id', '=', student.id)
        .executeTakeFirst();
      if (earlier) return { kind: 'already' as const, timestamp: earlier.marked_at };
      // Issue 35: the final mark follows its own login's fresh step, before a position is told or a proof is read.
      const step = await passedStepOf(trx, session.id, student.id, student.token_id);
      if (!step) return { kind: 'no_step' as const };
      const refused = stepRefusal(step, { now, device: markDevice, secret: session.room_code_secret, code: input.room_code });
      if (refused) return refused;
      // Told only after the code was found to be the step's: a wrong code learns nothing of the position.
      if (geo.geofencing_status === 'invalid') return { kind: 'outside' as const };
      const proof = await unusedProofs(trx, student.id, since, now).where('token_id', '=', student.token_id).executeTakeFirst();
      if (!proof) return { kind: 'no_proof' as const };
      // Issue 35: the face check and the mark from one device, in the server's word (a login relayed elsewhere
      // carries the token, not the student's device cookie). Refused, not flagged; the proof stays for its device.
      if (proof.device_id !== markDevice) return { kind: 'other_device' as const };
      const taken = await trx
        .updateTable('face_verifications')
        .set({ used_at: now.toISOString() })
        .where('id', '=', proof.id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      if (Number(taken.numUpdatedRows) === 0) return { kind: 'no_proof' as const };
      const fixed = await fixedFlags(trx, {
        sessionId: session.id,
        studentId: student.id,
        roomCodeRequired: session.room_code_secret !== null,
        stepIp: step.ip,
        proofIp: proof.ip,
        markIp: attempt.ip,
        notFromBrowser,
      });
      await trx
        .insertInto('attendance_records')
        .values({
          session_id: session.id,
          student_id: student.id,
          status,
          marked_at: now.toISOString(),
          latitude: input.latitude,
          longitude: input.longitude,
          radius_m: session.radius_m,
          geofencing_status: 'valid',
          face_recognition_status: 'verified',
          face_verification_id: proof.id,
          manual_override: 0,
          updated_at: now.toISOString(),
          ip: attempt.ip,
          user_agent: attempt.user_agent,
          accuracy_m: attempt.accuracy_m,
          device_id: attempt.device_id,
          mark_flags: fixed.bits,
          mark_flag_refs: refsJson(fixed.refs),
        })
        .execute();
      // This mark may flag earlier ones (the same device, address, position): the session's flags move together.
      await refreshSessionFlags(trx, session.id, now, { sameAddress });
      // Passed on a retry: the student's request to their teacher has its answer.
      await resolveMarkedRequests(trx, session.id, now.toISOString(), null);
      return { kind: 'marked' as const, timestamp: now.toISOString() };
    })
    .catch(async (err: unknown) => {
      if (!isUniqueViolation(err)) throw err;
      const earlier = await deps.db
        .selectFrom('attendance_records')
        .select('marked_at')
        .where('session_id', '=', session.id)
        .where('student_id', '=', student.id)
        .executeTakeFirstOrThrow();
      return { kind: 'already' as const, timestamp: earlier.marked_at };
    });
  if (outcome.kind === 'already') return { status: 'already_marked' as const, timestamp: outcome.timestamp };
  if (outcome.kind === 'no_step') {
    await deps.attempts.writeNow(logged(deps, attempt, 'refused_no_step'));
    throw new DomainError('CONFLICT', MSG.attendance.stepRequired, { errorCode: 'geofence_step_required' });
  }
  if (outcome.kind === 'room_code') return refuseRoomCode(deps, attempt);
  if (outcome.kind === 'outside') {
    await deps.attempts.writeNow(logged(deps, attempt, 'refused_outside'));
    const howFar = attempt.distance_m === null ? {} : { distance_m: coarseDistanceMeters(attempt.distance_m) };
    return { status: 'refused' as const, ...geo, face_recognition_status: 'not_checked', error: MSG.student.outside, ...howFar };
  }
  if (outcome.kind === 'other_device') {
    await deps.attempts.writeNow(logged(deps, attempt, 'refused_other_device'));
    throw new DomainError('CONFLICT', MSG.attendance.otherDevice, { errorCode: 'other_device' });
  }
  if (outcome.kind === 'no_proof') {
    // Refused like a missing proof; the words tell the student where to check instead when another login has one.
    const elsewhere = await unusedProofs(deps.db, student.id, since, now)
      .where((eb) => eb.or([eb('token_id', '!=', student.token_id), eb('token_id', 'is', null)]))
      .executeTakeFirst();
    await deps.attempts.writeNow(logged(deps, attempt, elsewhere ? 'refused_proof_of_other_login' : 'refused_no_face_proof'));
    const error = elsewhere ? MSG.faceCheck.proofOtherLogin : MSG.attendance.faceNotVerified;
    return { status: 'refused' as const, ...geo, face_recognition_status: 'not_verified', error };
  }
  await deps.attempts.writeNow(logged(deps, attempt, status));
  await removeSpentStills(deps);
  const message = status === 'late' ? MSG.late.markedAt(formatKolkata(outcome.timestamp)) : MSG.attendance.marked;
  return { status, ...geo, face_recognition_status: 'verified', timestamp: outcome.timestamp, message };
}
