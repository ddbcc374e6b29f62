import { MSG } from '@shared/messages';
import type { TContactInboxInput } from '@shared/schemas/admin';
import type { TContactMessageInput } from '@shared/schemas/accounts/contact';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';

type Deps = Pick<AppDeps, 'db' | 'clock'>;

/** Stores a contact-form message for the administrators. */
export async function saveContactMessage(deps: Deps, input: TContactMessageInput) {
  await deps.db
    .insertInto('contact_messages')
    .values({ name: input.name, email: input.email, message: input.message, created_at: deps.clock.now().toISOString() })
    .execute();
  return { success: true as const };
}

/**
 * The inbox (admins only: the edges check the role): the view's messages newest first, a page at a time, with who
 * handled each, and how many are still open (the sidebar's count) whatever the view.
 */
export async function listContactMessages(deps: Pick<AppDeps, 'db'>, args: Pick<TContactInboxInput, 'page' | 'limit'> & { view?: TContactInboxInput['view'] }) {
  const view = args.view ?? 'all';
  const from = deps.db.selectFrom('contact_messages as m');
  const inView = from.$if(view !== 'all', (q) => q.where('m.handled_at', view === 'open' ? 'is' : 'is not', null));
  const [rows, total, open] = await Promise.all([
    inView
      .leftJoin('users as h', 'h.id', 'm.handled_by')
      .select(['m.id', 'm.name', 'm.email', 'm.message', 'm.created_at', 'm.handled_at', 'h.username as handled_by'])
      .orderBy('m.created_at', 'desc')
      .orderBy('m.id', 'desc')
      .limit(args.limit)
      .offset((args.page - 1) * args.limit)
      .execute(),
    inView.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    from
      .where('m.handled_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data: rows, total_records: Number(total.n), current_page: args.page, open_count: Number(open.n) };
}

/** Marks a message handled by this administrator now, or open again; answers with what the inbox shows. */
export async function setContactMessageHandled(deps: Deps, adminId: number, id: number, handled: boolean) {
  const handled_at = handled ? deps.clock.now().toISOString() : null;
  const row = await deps.db
    .updateTable('contact_messages')
    .set({ handled_at, handled_by: handled ? adminId : null })
    .where('id', '=', id)
    .returning(['id', 'handled_at'])
    .executeTakeFirst();
  if (!row) throw new DomainError('NOT_FOUND', MSG.inbox.notFound);
  return row;
}
