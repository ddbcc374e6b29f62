import { FACE_CHALLENGE_FAILS_PER_SESSION, GEOFENCE_FLAG_OUTSIDE } from '@shared/constants';
import { faceTriesBySession, enrolledImagesByUser } from '../faces/index';
import { deviceLabel } from '@shared/device-label';
import type { AttendanceStatus } from '@shared/attendance/attendance-status';
import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { likeInsensitive } from '@server/db/dialect';
import { inTransaction } from '@server/db/connect';
import { campusNetworksSet } from './settings/campus-networks';
import { flagsOf, namesForFlags } from './mark-flags/flag-texts';
import { lockSessionMarks, refreshSessionFlags } from './mark-flags/session-flags';
import { type LastSteps, lastStepsBySession, noSteps } from './last-steps';
import { resolveMarkedRequests } from './review/review-queue';
import { removeSpentStills } from '@server/services/faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config' | 'sessions'>;
/** The students list also reads the attempt log (flushed first: a step's line may still be in the buffer). */
type ListDeps = Deps & Pick<AppDeps, 'attempts'>;

/**
 * The teacher's current session, else their latest one: the list keeps showing the last class after it ends.
 * Newest start first (a teacher has at most one open session, and it is always their newest); id breaks a tie.
 */
async function currentOrLatestSession(deps: Deps, teacher: AuthUser) {
  await deps.sessions.sweepIfDue();
  return deps.db
    .selectFrom('geofence_sessions')
    .select(['id', 'department_id', 'started_at', 'ended_at', 'radius_m', 'room_code_secret'])
    .where('teacher_id', '=', teacher.id)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Session student rows (SPEC section 3) for every active student of the session's department, searchable, paged. */
export async function getStudentsForSession(deps: ListDeps, teacher: AuthUser, args: { page: number; limit: number; search: string }) {
  const session = await currentOrLatestSession(deps, teacher);
  const departmentId = session?.department_id ?? teacher.department_id;
  // A teacher sees only their own department's students (an admin any).
  if (!departmentId || (teacher.role !== 'admin' && departmentId !== teacher.department_id))
    return { students: [], allStudents: [], totalPages: 1, session_id: null };
  let q = deps.db
    .selectFrom('users as u')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.student_id', '=', 'u.id').on('r.session_id', '=', session?.id ?? -1))
    .leftJoin('geofence_checks as g', (j) => j.onRef('g.student_id', '=', 'u.id').on('g.session_id', '=', session?.id ?? -1))
    .select([
      'u.id as student_id',
      'u.username as name',
      'u.email',
      'u.roll_number',
      'r.status',
      'r.marked_at as timestamp',
      'r.geofencing_status',
      'r.face_recognition_status',
      'r.manual_override',
      'r.reviewed',
      'r.ip',
      'r.user_agent',
      'r.accuracy_m',
      'r.mark_flags',
      'r.mark_flag_refs',
      'g.outside as outside_checks',
    ])
    .where('u.role', '=', 'student')
    .where('u.status', '=', 'active')
    .where('u.department_id', '=', departmentId);
  const like = likeInsensitive(deps.db);
  if (args.search)
    q = q.where((w) => w.or([w('u.username', like, `%${args.search}%`), w('u.email', like, `%${args.search}%`), w('u.roll_number', like, `%${args.search}%`)]));
  const rows = await q.orderBy('u.username').execute();
  const images = await enrolledImagesByUser(
    deps,
    rows.map((r) => r.student_id),
  );
  const names = await namesForFlags(
    deps.db,
    rows.map((r) => r.mark_flag_refs),
    new Map(rows.map((r) => [r.student_id, r.name])),
  );
  const tries = session ? await faceTriesBySession(deps.db, session.id) : new Map();
  if (session) await deps.attempts.flush();
  const steps = session
    ? await lastStepsBySession(
        deps.db,
        { id: session.id, radius_m: session.radius_m, room_code: session.room_code_secret !== null },
        rows.map((r) => r.student_id),
      )
    : new Map<number, LastSteps>();
  const allStudents = rows.map(({ user_agent, mark_flags, mark_flag_refs, ...r }) => {
    const flags = flagsOf(mark_flags ?? 0, mark_flag_refs, names);
    // Issue 33: a recording passes the live check only by chance, so any failed or abandoned try is worth a look (a
    // mark after failures above all); a student out of tries is marked by hand, if the teacher sees them in the room.
    const faceTries = tries.get(r.student_id) ?? { started: 0, failed: 0, abandoned: 0 };
    const used = faceTries.failed + faceTries.abandoned;
    if (used > 0) flags.push({ code: 'failed_challenges', text: MSG.markFlags.faceTries(faceTries, used >= FACE_CHALLENGE_FAILS_PER_SESSION) });
    // Many outside answers in one session (someone probing for the classroom from elsewhere) flag a student who has
    // no own mark too; an own mark carries the count it was written with.
    if ((r.outside_checks ?? 0) >= GEOFENCE_FLAG_OUTSIDE && !flags.some((f) => f.code === 'outside_checks'))
      flags.push({ code: 'outside_checks', text: MSG.markFlags.outsideChecks(r.outside_checks ?? 0) });
    return {
      ...r,
      // Where the student's own mark came from (null for a manual or automatic one): the device as a short label.
      device: deviceLabel(user_agent),
      session_id: session?.id ?? null,
      status: r.status ?? 'absent',
      marked: r.status !== null,
      manual_override: r.manual_override === 1,
      /** Issue 39: marked by the teacher from the student's review request */
      reviewed: r.reviewed === 1,
      outside_checks: r.outside_checks ?? 0,
      /** the live face check's tries in the session: started, failed, abandoned */
      face_tries: faceTries,
      /** Issue 36: the last outcome of each step of the mark in the session (geofence, room code, face check) */
      steps: steps.get(r.student_id) ?? noSteps(),
      flags,
      flagged: flags.length > 0,
      image_urls: images.get(r.student_id)?.image_urls ?? [],
    };
  });
  const start = (args.page - 1) * args.limit;
  return {
    students: allStudents.slice(start, start + args.limit),
    allStudents,
    totalPages: Math.max(1, Math.ceil(allStudents.length / args.limit)),
    session_id: session?.id ?? null,
    session_active: Boolean(session && !session.ended_at),
    /** Which session the rows (and any manual mark made from them) belong to. */
    session: session ? { id: session.id, started_at: session.started_at, ended_at: session.ended_at, room_code: session.room_code_secret !== null } : null,
  };
}

/**
 * A teacher's correction: any of the four statuses for one student of one of their sessions, flagged manual. An unflagged
 * mark that already says so stays as it is: Mark Present on a verified present mark must not turn it into a manual one.
 */
export async function markAttendanceManually(deps: Deps, teacher: AuthUser, input: { student_id: number; session_id: number; status: AttendanceStatus }) {
  const session = await markableSession(deps, teacher, input.session_id);
  const student = await deps.db.selectFrom('users').select(['id', 'username', 'department_id', 'role']).where('id', '=', input.student_id).executeTakeFirst();
  if (student?.role !== 'student') throw new DomainError('NOT_FOUND', MSG.attendance.studentNotFound);
  if (student.department_id !== session.department_id) throw new DomainError('FORBIDDEN', MSG.attendance.notInDepartment);
  const at = deps.clock.now();
  const now = at.toISOString();
  // With the session's flags: a manual mark carries none, and no longer flags the marks it shared a signal with.
  // read before the transaction: on SQLite a query outside it would wait for the one connection it holds
  const sameAddress = !(await campusNetworksSet(deps));
  const changed = await inTransaction(deps.db, async (trx) => {
    await lockSessionMarks(trx, session.id);
    const current = await trx
      .selectFrom('attendance_records')
      .select(['status', 'mark_flags'])
      .where('session_id', '=', session.id)
      .where('student_id', '=', student.id)
      .executeTakeFirst();
    // The same mark again changes nothing, unless it is flagged: then it is the teacher's word for it, which clears them.
    if (current?.status === input.status && current.mark_flags === 0) return false;
    await trx
      .insertInto('attendance_records')
      .values({
        session_id: session.id,
        student_id: student.id,
        status: input.status,
        marked_at: now,
        manual_override: 1,
        marked_by: teacher.id,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.columns(['session_id', 'student_id']).doUpdateSet({ status: input.status, manual_override: 1, marked_by: teacher.id, updated_at: now }),
      )
      .execute();
    await refreshSessionFlags(trx, session.id, at, { sameAddress });
    await resolveMarkedRequests(trx, session.id, now, teacher.id);
    return true;
  });
  if (!changed) return { message: MSG.markChange.unchanged(student.username, input.status), changed };
  await removeSpentStills(deps);
  return { message: MSG.attendance.manualMarked(student.username, input.status), changed };
}

/** A session the caller may write marks into: their own, in their own department (an admin's: any). */
export async function markableSession(deps: Pick<AppDeps, 'db'>, teacher: AuthUser, sessionId: number) {
  const session = await deps.db
    .selectFrom('geofence_sessions')
    .select(['id', 'teacher_id', 'department_id', 'started_at', 'ended_at'])
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!session) throw new DomainError('NOT_FOUND', MSG.attendance.sessionNotFound);
  if (teacher.role !== 'admin' && session.teacher_id !== teacher.id) throw new DomainError('FORBIDDEN', MSG.auth.forbidden);
  if (teacher.role !== 'admin' && session.department_id !== teacher.department_id) throw new DomainError('FORBIDDEN', MSG.attendance.notInDepartment);
  return session;
}
