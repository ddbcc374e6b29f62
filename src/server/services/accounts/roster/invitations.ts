import crypto from 'node:crypto';
import { type ExpressionBuilder, sql } from 'kysely';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { type AuthUser, decidedForByCaller } from '@server/auth/authenticate';
import type { DB } from '@server/db/connect';
import type { Database } from '@server/db/schema';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { queueNotice } from '@server/services/notices/index';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config'>;

/** What an invitation hands out: who it is for and the link that opens their registration. */
export interface Invitation {
  recipient: { user_id: number; name: string; email: string };
  link: string;
  expires_at: string;
}

/**
 * Whether the account `u` is an imported student whose invitation is not yet used: it waits for its password and
 * photos, and only they activate it (nothing for a teacher to approve nor an admin to switch on before).
 */
export const waitsForPhotos = (eb: ExpressionBuilder<Database & { u: Database['users'] }, 'u'>) =>
  eb.exists(eb.selectFrom('roster_invitations as i').select('i.user_id').whereRef('i.user_id', '=', 'u.id').where('i.used_at', 'is', null));

/** The stored form of a link's token: only its hash is kept, so the database alone opens no account. */
export const hashInvitationToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** The page an invitation link opens (client route /invite/:token). */
export const invitationLink = (origin: string, token: string) => `${origin}/invite/${token}`;

/**
 * Creates the student's invitation, or replaces the waiting one (its old link stops working): a fresh token valid
 * INVITATION_TTL_DAYS. The one place an invitation is made; its caller shows the link or sends it.
 */
export async function createInvitation(
  db: DB,
  deps: Pick<AppDeps, 'clock' | 'config'>,
  a: { userId: number; createdBy: number; origin: string },
): Promise<Invitation> {
  const token = crypto.randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const expires_at = new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000).toISOString();
  const values = { token_hash: hashInvitationToken(token), created_by: a.createdBy, created_at: now.toISOString(), expires_at };
  await db
    .insertInto('roster_invitations')
    .values({ user_id: a.userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
  const user = await db.selectFrom('users').select(['id', 'username', 'email']).where('id', '=', a.userId).executeTakeFirstOrThrow();
  const link = invitationLink(a.origin, token);
  // With email set up, the invitation is emailed from the queue (in this transaction); the teacher can copy it too.
  await queueNotice(deps, db, user.id, { kind: 'roster_invitation', username: user.username, link, expires_at });
  return { recipient: { user_id: user.id, name: user.username, email: user.email }, link, expires_at };
}

/** The imported students who have not enrolled yet, with their invitation's state: the teacher's own department, an admin's every one. */
export async function listOpenInvitations(deps: Deps, caller: AuthUser) {
  const q = deps.db
    .selectFrom('roster_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['u.id as user_id', 'u.username as name', 'u.email', 'u.roll_number', 'd.name as department', 'i.created_at', 'i.expires_at'])
    .where('i.used_at', 'is', null)
    .where(decidedForByCaller(caller));
  // by roll number, those without one last on either engine
  const rows = await q.orderBy('d.name').orderBy(sql`u.roll_number is null`).orderBy('u.roll_number').orderBy('u.username').execute();
  const now = deps.clock.now().toISOString();
  return rows.map((r) => ({ ...r, state: r.expires_at > now ? ('open' as const) : ('expired' as const) }));
}

/** A new link for a student still waiting (the old one stops working); a teacher only for their own department. */
export async function renewInvitation(deps: Deps, caller: AuthUser, userId: number, origin: string): Promise<Invitation> {
  return deps.db.transaction().execute(async (trx) => {
    const waiting = await trx
      .selectFrom('roster_invitations as i')
      .innerJoin('users as u', 'u.id', 'i.user_id')
      .select(['u.department_id'])
      .where('i.user_id', '=', userId)
      .where('i.used_at', 'is', null)
      .executeTakeFirst();
    // Another department's student is told apart from nobody only to an admin, who sees them all anyway.
    if (!waiting) throw new DomainError('NOT_FOUND', MSG.invitations.notInvited);
    if (caller.role !== 'admin' && waiting.department_id !== caller.department_id) throw new DomainError('FORBIDDEN', MSG.invitations.forbidden);
    return createInvitation(trx, deps, { userId, createdBy: caller.id, origin });
  });
}
