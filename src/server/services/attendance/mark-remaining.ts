import { MSG } from '@shared/messages';
import type { AuthUser } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { lockSessionMarks } from './mark-flags/session-flags';
import { markableSession } from './session-students';
import { absenceStatusOn, sessionDay } from './leave/leave-excusal';
import { unmarkedStudents } from './unmarked-students';
import { resolveMarkedRequests } from './review/review-queue';
import { removeSpentStills } from '@server/services/faces/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'sessions'>;

/**
 * The rest of the class at once (Moodle's "set status for all unselected users"): every student of an open session
 * without a mark gets the teacher's manual mark, in one transaction. Marks already written, the students' own among
 * them, stay as they are. Only while the session runs: at its end the unmarked were marked absent already. A bulk
 * absent for a student on approved leave that day is written excused, as the end of the session would.
 */
export async function markRemaining(deps: Deps, teacher: AuthUser, input: { session_id: number; status: 'present' | 'absent' }) {
  await deps.sessions.sweepIfDue();
  const session = await markableSession(deps, teacher, input.session_id);
  if (session.ended_at) throw new DomainError('CONFLICT', MSG.bulk.sessionOver);
  const now = deps.clock.now().toISOString();
  const marked = await deps.db.transaction().execute(async (trx) => {
    // Inserts only: a new manual mark carries no flag and shares no signal, so the session's flags need no refresh.
    await lockSessionMarks(trx, session.id);
    const result = await trx
      .insertInto('attendance_records')
      .columns(['session_id', 'student_id', 'status', 'marked_at', 'manual_override', 'marked_by', 'updated_at'])
      .expression(
        unmarkedStudents(trx, session).select((s) => [
          s.val(session.id).as('session_id'),
          'users.id as student_id',
          input.status === 'absent' ? absenceStatusOn(sessionDay(session)).as('status') : s.val(input.status).as('status'),
          s.val(now).as('marked_at'),
          s.val(1).as('manual_override'),
          s.val(teacher.id).as('marked_by'),
          s.val(now).as('updated_at'),
        ]),
      )
      // A student's own mark landing at this instant wins.
      .onConflict((oc) => oc.columns(['session_id', 'student_id']).doNothing())
      .executeTakeFirst();
    await resolveMarkedRequests(trx, session.id, now, teacher.id);
    return Number(result.numInsertedOrUpdatedRows ?? 0);
  });
  await removeSpentStills(deps);
  return { message: marked ? MSG.bulk.done(marked, input.status) : MSG.bulk.none, marked };
}
