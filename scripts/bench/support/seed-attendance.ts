import type { DB } from '@server/db/connect';

/**
 * Fills a department with `students` active students and `sessions` past sessions, each with a record for every
 * student, so the dashboard queries run against a realistic table (sessions x students rows).
 */
export async function seedAttendance(db: DB, opts: { teacherId: number; departmentId: number; studentIds: number[]; sessions: number }) {
  const day = 86_400_000;
  const start = Date.parse('2025-06-01T04:00:00Z');
  for (let s = 0; s < opts.sessions; s += 100) {
    await db.transaction().execute(async (trx) => {
      for (let k = s; k < Math.min(s + 100, opts.sessions); k++) {
        const at = new Date(start + k * (day / 4)).toISOString();
        const { id } = await trx
          .insertInto('geofence_sessions')
          .values({
            teacher_id: opts.teacherId,
            department_id: opts.departmentId,
            latitude: 23.02,
            longitude: 72.57,
            radius_m: 50,
            started_at: at,
            ends_at: at,
            ended_at: at,
            end_reason: 'expired',
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        for (let i = 0; i < opts.studentIds.length; i += 200) {
          await trx
            .insertInto('attendance_records')
            .values(
              opts.studentIds.slice(i, i + 200).map((student_id, j) => ({
                session_id: id,
                student_id,
                status: (k + j) % 5 === 0 ? ('absent' as const) : ('present' as const),
                marked_at: at,
                geofencing_status: 'valid' as const,
                face_recognition_status: 'verified',
                manual_override: 0,
                updated_at: at,
              })),
            )
            .execute();
        }
      }
    });
  }
}
