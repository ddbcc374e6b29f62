import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The session's students who have no mark yet: the active students of its department without a record for it. One
 * definition for the absentees an end writes, the count Stop asks about, and the rest a bulk mark covers.
 */
export function unmarkedStudents(db: Db, session: { id: number; department_id: number }) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'student')
    .where('users.status', '=', 'active')
    .where('users.department_id', '=', session.department_id)
    .where((w) =>
      w.not(w.exists(w.selectFrom('attendance_records as r').select('r.id').where('r.session_id', '=', session.id).whereRef('r.student_id', '=', 'users.id'))),
    );
}

export async function countUnmarked(db: Db, session: { id: number; department_id: number }): Promise<number> {
  const row = await unmarkedStudents(db, session)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
