import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { faceTriesLeft } from '../faces/index';

type Deps = Pick<AppDeps, 'db' | 'sessions' | 'clock' | 'config'>;

/**
 * The running session of the student's own department for the dashboard's banner: its department, teacher and end
 * time, and this student's mark in it if any. Nothing of where it is (no position, no radius: docs/security.md).
 * `server_time` lets the page count down by the server's clock, whatever the phone's says. Issue 36: whether the
 * session asks for a room code (the banner shows the field only then) and the face check tries the student has left
 * in it (null with the live check off): at none, the banner sends the student to the teacher instead of the steps.
 */
export async function getOpenSessionForStudent(deps: Deps, student: AuthUser) {
  const server_time = deps.clock.now().toISOString();
  if (!student.department_id) return { session: null, server_time };
  await deps.sessions.sweepIfDue();
  const row = await deps.db
    .selectFrom('geofence_sessions as s')
    .innerJoin('departments as d', 'd.id', 's.department_id')
    .leftJoin('users as t', 't.id', 's.teacher_id')
    .leftJoin('attendance_records as r', (j) => j.onRef('r.session_id', '=', 's.id').on('r.student_id', '=', student.id))
    .select([
      's.id',
      's.room_code_secret',
      's.started_at',
      's.ends_at',
      'd.name as department',
      't.username as teacher',
      'r.status as mark_status',
      'r.marked_at',
    ])
    .where('s.department_id', '=', student.department_id)
    .where('s.ended_at', 'is', null)
    .orderBy('s.started_at', 'desc')
    .executeTakeFirst();
  if (!row) return { session: null, server_time };
  const { id, room_code_secret, mark_status, marked_at, ...session } = row;
  const mark = mark_status && marked_at ? { status: mark_status, marked_at } : null;
  const face_tries_left = mark ? null : await faceTriesLeft(deps, student.id, id);
  return { session: { ...session, room_code_required: room_code_secret !== null, face_tries_left, mark }, server_time };
}
