import type { Kysely } from 'kysely';
import type { AuthUser } from '@server/auth/authenticate';
import type { Database, GeofenceSession } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { createSessionSweeper, finalizeSession, markAttendanceManually } from '@server/services/attendance/index';
import type { Outcome } from './plan';

type Deps = Pick<AppDeps, 'config' | 'urls'>;

export interface Room {
  latitude: number;
  longitude: number;
  radius_m: number;
}

export interface StudentMark {
  studentId: number;
  outcome: Outcome;
  /** when the student's face check and mark happened (face) or when the teacher corrected it (manual_*) */
  at: Date;
}

export interface ClassTally {
  face: number;
  manual_present: number;
  manual_absent: number;
  auto_absent: number;
}

/** A position inside the room's circle, as a phone inside the classroom reports it. */
function insideRoom(room: Room, rand: () => number) {
  const metres = rand() * room.radius_m * 0.6;
  const angle = rand() * 2 * Math.PI;
  return {
    latitude: room.latitude + (metres * Math.cos(angle)) / 111_320,
    longitude: room.longitude + (metres * Math.sin(angle)) / (111_320 * Math.cos((room.latitude * Math.PI) / 180)),
  };
}

/**
 * The face-checked present marks of a class: each with the accepted face verification it consumed (used_at set,
 * linked from the record), as the marking service leaves them. Written in the caller's transaction.
 */
export async function writeFacePresence(trx: Kysely<Database>, session: GeofenceSession, marks: StudentMark[], rand: () => number): Promise<number> {
  if (!marks.length) return 0;
  const verifications = await trx
    .insertInto('face_verifications')
    .values(
      marks.map((m) => ({
        user_id: m.studentId,
        created_at: new Date(m.at.getTime() - 4000).toISOString(),
        blink_count: 1 + Math.floor(rand() * 3),
        similarity: 0.25 + rand() * 0.2,
        verdict: 'accepted' as const,
        reason: 'accepted',
        duration_ms: 900 + Math.floor(rand() * 900),
        used_at: m.at.toISOString(),
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  const proofOf = new Map(verifications.map((v) => [v.user_id, v.id]));
  const room = { latitude: session.latitude, longitude: session.longitude, radius_m: session.radius_m };
  await trx
    .insertInto('attendance_records')
    .values(
      marks.map((m) => ({
        session_id: session.id,
        student_id: m.studentId,
        status: 'present' as const,
        marked_at: m.at.toISOString(),
        ...insideRoom(room, rand),
        radius_m: session.radius_m,
        geofencing_status: 'valid' as const,
        face_recognition_status: 'verified',
        face_verification_id: proofOf.get(m.studentId)!,
        manual_override: 0,
        updated_at: m.at.toISOString(),
      })),
    )
    .execute();
  return marks.length;
}

/**
 * One class that has already ended: the session row, the face-checked marks made during it, then the end of the
 * session by the expiry's own finaliser (every student without a record marked absent by the system), then the
 * teacher's corrections through the manual-mark service, as the teacher makes them after class.
 */
export async function writePastClass(
  deps: Deps,
  trx: Kysely<Database>,
  meeting: { teacher: AuthUser; departmentId: number; room: Room; startedAt: Date; endsAt: Date },
  marks: StudentMark[],
  rand: () => number,
): Promise<ClassTally> {
  const session = await trx
    .insertInto('geofence_sessions')
    .values({
      teacher_id: meeting.teacher.id,
      department_id: meeting.departmentId,
      latitude: meeting.room.latitude,
      longitude: meeting.room.longitude,
      radius_m: meeting.room.radius_m,
      started_at: meeting.startedAt.toISOString(),
      ends_at: meeting.endsAt.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  const tally: ClassTally = { face: 0, manual_present: 0, manual_absent: 0, auto_absent: 0 };
  tally.face = await writeFacePresence(
    trx,
    session,
    marks.filter((m) => m.outcome === 'face' || m.outcome === 'manual_absent'),
    rand,
  );
  tally.auto_absent = (await finalizeSession(trx, session, 'expired', meeting.endsAt)) ?? 0;
  for (const m of marks.filter((x) => x.outcome === 'manual_present' || x.outcome === 'manual_absent')) {
    const clock = { now: () => m.at };
    const status = m.outcome === 'manual_present' ? 'present' : 'absent';
    // The class's own transaction is the only connection: a sweep through another would wait on it forever.
    await markAttendanceManually({ ...deps, db: trx, clock, sessions: createSessionSweeper({ db: trx, clock }) }, meeting.teacher, {
      student_id: m.studentId,
      session_id: session.id,
      status,
    });
    tally[status === 'present' ? 'manual_present' : 'manual_absent'] += 1;
  }
  tally.auto_absent -= tally.manual_present;
  tally.face -= tally.manual_absent;
  return tally;
}
