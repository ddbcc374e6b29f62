import { type Kysely, sql, type Transaction } from 'kysely';
import { kolkataDay, kolkataDayEnd, kolkataDayStart } from '@shared/kolkata-time';
import type { Database } from '@server/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Issue 24: the status an absence of `users.id` is written with in a session held on Kolkata day `day`: 'excused'
 * when the student has approved leave covering that day, else 'absent'. For the insert-selects over unmarkedStudents
 * (the automatic end, Stop, and the teacher's bulk absent), so an absence written after the approval is excused too.
 */
export const absenceStatusOn = (day: string) =>
  sql<'absent' | 'excused'>`case when exists (
    select 1 from leave_requests l
    where l.student_id = users.id and l.status = 'approved' and l.from_date <= ${day} and l.to_date >= ${day}
  ) then 'excused' else 'absent' end`;

/** The Kolkata day a session belongs to (its start), as leave dates are written. */
export const sessionDay = (session: { started_at: string }) => kolkataDay(session.started_at);

/**
 * Turns the student's absences in sessions held from `from` to `to` (Kolkata days, inclusive) into excused, as the
 * approval of their leave does; returns how many. updated_at moves so the admin reports read the change.
 */
export async function excuseAbsences(trx: Db, studentId: number, from: string, to: string, now: string): Promise<number> {
  const result = await trx
    .updateTable('attendance_records')
    .set({ status: 'excused', updated_at: now })
    .where('student_id', '=', studentId)
    .where('status', '=', 'absent')
    .where('session_id', 'in', (eb) =>
      eb.selectFrom('geofence_sessions').select('id').where('started_at', '>=', kolkataDayStart(from)).where('started_at', '<', kolkataDayEnd(to)),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
