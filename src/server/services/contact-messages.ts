import type { TContactMessageInput } from '../../shared/schemas/contact';
import type { AppDeps } from '../deps';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Stores a contact-form message for the administrators. */
export async function saveContactMessage(deps: Deps, input: TContactMessageInput) {
  await deps.db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, message: input.message, created_at: deps.clock.now().toISOString() })
    .execute();
  return { success: true as const };
}

/** The newest messages first, a page at a time (admins only: the edges check the role). */
export async function listContactMessages(deps: Deps, args: { page: number; limit: number }) {
  const [rows, total] = await Promise.all([
    deps.db
      .selectFrom('contact_messages')
      .select(['id', 'name', 'email', 'message', 'created_at'])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(args.limit)
      .offset((args.page - 1) * args.limit)
      .execute(),
    deps.db
      .selectFrom('contact_messages')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows, total_records: Number(total.n), current_page: args.page };
}
