import type { DB } from '../db/connect';

/** Users with their department, as every account view shows them: the password hash is never selected. */
export const selectUsersWithDepartment = (db: DB) =>
  db
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
    ]);
