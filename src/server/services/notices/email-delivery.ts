import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'db' | 'config'>;

/** Failed emails the administrator's card lists (the newest). */
const FAILED_LISTED = 20;

/** The administrator's view of the email queue: whether SMTP is set, the counts by state, the latest failures and why. */
export async function emailDelivery(deps: Deps) {
  const counts = await deps.db
    .selectFrom('notice_emails')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  const by = (s: string) => Number(counts.find((c) => c.status === s)?.n ?? 0);
  const failed = await deps.db
    .selectFrom('notice_emails as e')
    .innerJoin('notices as n', 'n.id', 'e.notice_id')
    .select(['e.id', 'e.to_address', 'e.attempts', 'e.last_error', 'e.next_attempt_at as failed_at', 'n.kind'])
    .where('e.status', '=', 'failed')
    .orderBy('e.id', 'desc')
    .limit(FAILED_LISTED)
    .execute();
  return {
    configured: deps.config.mail !== null,
    from: deps.config.mail?.from ?? null,
    queued: by('queued') + by('sending'),
    sent: by('sent'),
    failed_count: by('failed'),
    failed,
  };
}
