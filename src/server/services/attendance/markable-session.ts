import { MSG } from '../../../shared/messages';
import type { AuthUser } from '../../auth/authenticate';
import type { AppDeps } from '../../deps';
import { DomainError } from '../../lib/errors';

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
