import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@server/db/schema';

type Db = Kysely<Database> | Transaction<Database>;

type Session = { id: number; department_id: number; started_at: string };

/**
 * The session's students who have no mark yet: the active students of its department without a record for it, less
 * those approved after it started (issue 36: still pending at its start, so never marked absent for it; the standing
 * and the reports count from the approval too). An account created active has no approval time (activated_at null).
 * One definition for the absentees an end writes, the count Stop asks about, and the rest a bulk mark covers.
 */
export function unmarkedStudents(db: Db, session: Session) {
  return db
    .selectFrom('users')
    .where('users.role', '=', 'student')
    .where('users.status', '=', 'active')
    .where('users.department_id', '=', session.department_id)
    .where((w) => w.or([w('users.activated_at', 'is', null), w('users.activated_at', '<=', session.started_at)]))
    .where((w) =>
      w.not(w.exists(w.selectFrom('attendance_records as r').select('r.id').where('r.session_id', '=', session.id).whereRef('r.student_id', '=', 'users.id'))),
    );
}

export async function countUnmarked(db: Db, session: Session): Promise<number> {
  const row = await unmarkedStudents(db, session)
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
