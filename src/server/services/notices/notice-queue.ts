import { EMAIL_ONLY_KINDS, WARNING_KINDS, type NoticeParams } from '@shared/notices/notice-kinds';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'clock' | 'config'>;

/**
 * Tells a user something: a notice for the bell always, and with SMTP set an email to their address (and, for a
 * warning, to their guardian's when their record has one), queued for the sender (mail-sender.ts). It writes in the
 * caller's transaction, so the notice exists exactly when the change it reports committed, and sends nothing itself:
 * a request never waits on a mail server.
 */
export async function queueNotice(deps: Deps, trx: DB, userId: number, params: NoticeParams) {
  const now = deps.clock.now().toISOString();
  // An email-only notice without email set up would reach nobody: its caller shows its content another way.
  if (EMAIL_ONLY_KINDS.includes(params.kind) && !deps.config.mail) return null;
  const { id } = await trx
    .insertInto('notices')
    .values({
      user_id: userId,
      kind: params.kind,
      params: JSON.stringify(params),
      created_at: now,
      read_at: EMAIL_ONLY_KINDS.includes(params.kind) ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (!deps.config.mail) return id;
  const user = await trx.selectFrom('users').select(['email', 'guardian_email']).where('id', '=', userId).executeTakeFirstOrThrow();
  const recipients: { recipient: 'user' | 'guardian'; to_address: string }[] = [{ recipient: 'user', to_address: user.email }];
  if (user.guardian_email && WARNING_KINDS.includes(params.kind)) recipients.push({ recipient: 'guardian', to_address: user.guardian_email });
  await trx
    .insertInto('notice_emails')
    .values(recipients.map((r) => ({ ...r, notice_id: id, next_attempt_at: now, created_at: now })))
    .execute();
  return id;
}
