import type { DB } from '../db/connect';
import { selectUsersWithDepartment } from './user-queries';

/** Users as the admin dashboard lists them: never the password hash. */
export async function listUsers(db: DB, filter: { role?: 'student' | 'teacher' | 'admin' } = {}) {
  let q = selectUsersWithDepartment(db).orderBy('users.id');
  if (filter.role) q = q.where('users.role', '=', filter.role);
  return q.execute();
}
