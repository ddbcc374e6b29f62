import type { DB } from '../db/connect';

/** Users as the admin dashboard lists them: never the password hash. */
export async function listUsers(db: DB, filter: { role?: 'student' | 'teacher' | 'admin' } = {}) {
  let q = db
    .selectFrom('users')
    .leftJoin('departments', 'departments.id', 'users.department_id')
    .select([
      'users.id',
      'users.username',
      'users.email',
      'users.phone_number',
      'users.role',
      'users.status',
      'users.last_login',
      'users.created_at',
      'departments.id as department_id',
      'departments.name as department_name',
    ])
    .orderBy('users.id');
  if (filter.role) q = q.where('users.role', '=', filter.role);
  return q.execute();
}
