import { type ExpressionBuilder, sql } from 'kysely';

/** '50%_off' searched literally: LIKE's wildcards and the escape character itself are escaped. */
const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Users whose username or email contains `q`, whatever the case, on both engines (lower() LIKE with an explicit
 * escape): the admin's users list and the summary's student search read one rule.
 */
export const nameOrEmailContains =
  (q: string) =>
  <DB, TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>) => {
    const pattern = likePattern(q);
    return eb.or([eb(sql`lower(users.username)`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower(users.email)`, 'like', sql`${pattern} escape '\\'`)]);
  };
