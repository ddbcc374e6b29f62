import type { Kysely, Transaction } from 'kysely';
import type { Database } from '@server/db/schema';

/**
 * Closes as 'resolved' the session's open review requests whose student now has a record in it (their own mark on a
 * retry, the teacher's manual or bulk mark): a request answered another way is no longer waiting, and must not count
 * as left to expire in the admin's rates. Called in the transaction that wrote the mark, so the two move together;
 * `decidedBy` is the teacher who marked, null for the student's own mark.
 */
export async function resolveMarkedRequests(trx: Transaction<Database> | Kysely<Database>, sessionId: number, decidedAt: string, decidedBy: number | null) {
  await trx
    .updateTable('review_requests')
    .set({ status: 'resolved', decided_at: decidedAt, decided_by: decidedBy })
    .where('session_id', '=', sessionId)
    .where('status', '=', 'open')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('attendance_records as r')
          .select('r.id')
          .whereRef('r.session_id', '=', 'review_requests.session_id')
          .whereRef('r.student_id', '=', 'review_requests.student_id'),
      ),
    )
    .execute();
}
