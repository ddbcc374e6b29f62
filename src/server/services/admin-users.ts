import type { AppDeps } from '../deps';
import { selectUsersWithDepartment } from './users';

/** Users as the admin dashboard lists them: never the password hash. */
export async function listUsers(deps: Pick<AppDeps, 'db'>, filter: { role?: 'student' | 'teacher' | 'admin' } = {}) {
  let q = selectUsersWithDepartment(deps).orderBy('users.id');
  if (filter.role) q = q.where('users.role', '=', filter.role);
  return q.execute();
}
