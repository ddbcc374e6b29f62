import { sql } from 'kysely';
import type { TUserListInput } from '@shared/schemas/admin';
import type { AppDeps } from '@server/deps';
import { nameOrEmailContains } from '@server/db/dialect';
import { selectUsersWithDepartment } from './users';

/**
 * One page of the admin's users list, filtered in the database so a school of thousands sends 24 rows, not all of
 * them; the search matches a part of the username or the email, whatever the case, on both engines (lower() LIKE).
 */
export async function listUsersPage(deps: Pick<AppDeps, 'db'>, input: TUserListInput) {
  const narrowed = <Q extends ReturnType<typeof selectUsersWithDepartment>>(q: Q) => {
    let out = q;
    if (input.role) out = out.where('users.role', '=', input.role) as Q;
    if (input.status) out = out.where('users.status', '=', input.status) as Q;
    if (input.department_id) out = out.where('users.department_id', '=', input.department_id) as Q;
    if (input.q) out = out.where(nameOrEmailContains(input.q)) as Q;
    return out;
  };
  const base = selectUsersWithDepartment(deps);
  const [rows, total] = await Promise.all([
    narrowed(base)
      .orderBy(sql`lower(users.username)`)
      .orderBy('users.id')
      .limit(input.limit)
      .offset((input.page - 1) * input.limit)
      .execute(),
    narrowed(base)
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows, total_records: Number(total.n), current_page: input.page, page_size: input.limit };
}
