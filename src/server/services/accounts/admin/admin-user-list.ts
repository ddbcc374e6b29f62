import { sql } from 'kysely';
import type { TUserListInput } from '../../../../shared/schemas/admin';
import type { AppDeps } from '../../../deps';
import { selectUsersWithDepartment } from '../users';

/** '50%_off' searched literally: LIKE's wildcards and the escape character itself are escaped. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One page of the admin's users list, filtered in the database so a school of thousands sends 24 rows, not all of
 * them; the search matches a part of the username or the email, whatever the case, on both engines (lower() LIKE).
 */
export async function listUsersPage(deps: Pick<AppDeps, 'db'>, input: TUserListInput) {
  const pattern = input.q ? likePattern(input.q) : null;
  const narrowed = <Q extends ReturnType<typeof selectUsersWithDepartment>>(q: Q) => {
    let out = q;
    if (input.role) out = out.where('users.role', '=', input.role) as Q;
    if (input.status) out = out.where('users.status', '=', input.status) as Q;
    if (input.department_id) out = out.where('users.department_id', '=', input.department_id) as Q;
    if (pattern) {
      out = out.where((eb) =>
        eb.or([eb(sql`lower(users.username)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`)]),
      ) as Q;
    }
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
