import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { NOTICE_EMAIL_MAX_ATTEMPTS } from '@shared/constants';
import { MSG } from '@shared/messages';
import type { NoticeParams } from '@shared/notices/notice-kinds';
import type { ExpressionBuilder } from 'kysely';
import type { DB } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import type { AppConfig } from '@server/env';
import type { Clock } from '@server/lib/clock';
import { logger } from '@server/lib/logger';

/** How long a node holds a claimed email: past it, a claim whose node died is taken again by any node. */
export const MAIL_LEASE_MS = 2 * 60_000;
/** Emails a node claims a run: a run stays short, and several nodes share a backlog. */
const BATCH = 20;
/** The wait after the first failure, doubled after each one (1, 2, 4, 8 minutes). */
export const MAIL_RETRY_BASE_MS = 60_000;
/** A mail server that does not answer is given up on for this try well within the lease. */
const SMTP_TIMEOUT_MS = 30_000;

type Mail = NonNullable<AppConfig['mail']>;

/** Rows any node may take now: waiting and due, or claimed by a node whose lease ran out. */
const due = (now: string) => (eb: ExpressionBuilder<Database, 'notice_emails'>) =>
  eb.or([eb.and([eb('status', '=', 'queued'), eb('next_attempt_at', '<=', now)]), eb.and([eb('status', '=', 'sending'), eb('lease_until', '<=', now)])]);

/** A 5xx reply is the server's final word (no such mailbox, refused): trying again would not change it. */
const isPermanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
};

/**
 * The email queue's sender: each run claims due emails one by one with a conditional update (status and lease as
 * read), so of several nodes exactly one wins each row, sends it over SMTP_URL and records the outcome. A failure
 * waits (doubling) and is tried again, up to NOTICE_EMAIL_MAX_ATTEMPTS tries, then is marked failed for the
 * administrator; a 5xx refusal fails at once. A node that dies mid-send leaves its claim to expire (MAIL_LEASE_MS):
 * that one email may then go twice, the only case it can. Returns how many this run sent.
 */
export function createMailSender(deps: { db: DB; clock: Clock; mail: Mail | null }) {
  const transport = deps.mail
    ? nodemailer.createTransport({ url: deps.mail.url, connectionTimeout: SMTP_TIMEOUT_MS, greetingTimeout: SMTP_TIMEOUT_MS, socketTimeout: SMTP_TIMEOUT_MS })
    : null;

  async function sendOne(id: number, mail: Mail, tp: NonNullable<typeof transport>) {
    const nowMs = deps.clock.now().getTime();
    const claim = randomUUID();
    const won = await deps.db
      .updateTable('notice_emails')
      .set((eb) => ({ status: 'sending', claim, lease_until: new Date(nowMs + MAIL_LEASE_MS).toISOString(), attempts: eb('attempts', '+', 1) }))
      .where('id', '=', id)
      .where(due(new Date(nowMs).toISOString()))
      .executeTakeFirst();
    if (Number(won.numUpdatedRows) !== 1) return false;
    const job = await deps.db
      .selectFrom('notice_emails as e')
      .innerJoin('notices as n', 'n.id', 'e.notice_id')
      .select(['e.to_address', 'e.recipient', 'e.attempts', 'n.id as notice_id', 'n.params'])
      .where('e.id', '=', id)
      .executeTakeFirstOrThrow();
    const params = JSON.parse(job.params) as NoticeParams;
    const { title, body } = MSG.notices.text(params, job.recipient);
    const mine = deps.db.updateTable('notice_emails').where('id', '=', id).where('claim', '=', claim);
    // An invitation's link opens an account: once its email is sent or given up, the database keeps no usable copy.
    const scrubLink = async () => {
      if (params.kind === 'roster_invitation')
        await deps.db
          .updateTable('notices')
          .set({ params: JSON.stringify({ ...params, link: null }) })
          .where('id', '=', job.notice_id)
          .execute();
    };
    try {
      await tp.sendMail({ from: mail.from, to: job.to_address, subject: MSG.notices.emailSubject(title), text: `${body}\n\n${MSG.notices.emailFooter}\n` });
      await mine.set({ status: 'sent', sent_at: deps.clock.now().toISOString(), lease_until: null, last_error: null }).execute();
      await scrubLink();
      return true;
    } catch (err) {
      const final = isPermanent(err) || job.attempts >= NOTICE_EMAIL_MAX_ATTEMPTS;
      const retryAt = new Date(deps.clock.now().getTime() + MAIL_RETRY_BASE_MS * 2 ** (job.attempts - 1)).toISOString();
      const reason = (err instanceof Error ? err.message : String(err)).slice(0, 300);
      logger.warn({ email: id, attempts: job.attempts, final }, `notices: email not sent: ${reason}`);
      await mine.set({ status: final ? 'failed' : 'queued', next_attempt_at: retryAt, lease_until: null, last_error: reason }).execute();
      if (final) await scrubLink();
      return false;
    }
  }

  return async function sendDueEmails(): Promise<number> {
    if (!deps.mail || !transport) return 0;
    const now = deps.clock.now().toISOString();
    const rows = await deps.db.selectFrom('notice_emails').select('id').where(due(now)).orderBy('id').limit(BATCH).execute();
    let sent = 0;
    for (const { id } of rows) if (await sendOne(id, deps.mail, transport)) sent++;
    return sent;
  };
}
