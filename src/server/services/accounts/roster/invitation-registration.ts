import { FACE_IMAGES_REQUIRED } from '@shared/constants';
import { MSG } from '@shared/messages';
import { ZInvitationRegisterFields, ZInvitationToken } from '@shared/schemas/accounts/roster';
import { hashPassword } from '@server/auth/password';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { DomainError, parseInput } from '@server/lib/errors';
import { normalizeFaceImages, removeFaceImages, searchBeforeEnrolling, toDomainFaceError, type UploadedFile } from '@server/services/faces/index';
import { writeRegistrantFaces } from '../registration';
import { hashInvitationToken } from './invitations';

const invalid = () => new DomainError('NOT_FOUND', MSG.invitations.invalid, { errorCode: 'invitation_invalid' });

/** The invitation a token opens, or why it opens nothing: unknown (404), used or expired (409, each with its code). */
async function openInvitation(db: DB, now: string, token: string) {
  const row = await db
    .selectFrom('roster_invitations as i')
    .innerJoin('users as u', 'u.id', 'i.user_id')
    .innerJoin('departments as d', 'd.id', 'u.department_id')
    .select(['i.user_id', 'i.expires_at', 'i.used_at', 'u.username as name', 'u.email', 'u.roll_number', 'd.name as department'])
    .where('i.token_hash', '=', hashInvitationToken(token))
    .executeTakeFirst();
  if (!row) throw invalid();
  if (row.used_at) throw new DomainError('CONFLICT', MSG.invitations.used, { errorCode: 'invitation_used' });
  if (row.expires_at <= now) throw new DomainError('CONFLICT', MSG.invitations.expiredLink, { errorCode: 'invitation_expired' });
  return row;
}

/** What the invitation page shows before the student starts: their name, email, roll number and department, fixed. */
export async function invitationDetails(deps: Pick<AppDeps, 'db' | 'clock'>, token: unknown) {
  const parsed = ZInvitationToken.safeParse({ token });
  if (!parsed.success) throw invalid();
  const { name, email, roll_number, department, expires_at } = await openInvitation(deps.db, deps.clock.now().toISOString(), parsed.data.token);
  return { name, email, roll_number, department, expires_at };
}

/**
 * Completes an imported student's registration: the password and the three photos, through registration's own
 * checks (the photos, the engine's template, the duplicate-face search). The link is spent in the same transaction
 * that writes the face, so it works once. The teacher's import was the approval: the account is active at once,
 * unless the face looks like another account's, when it waits with the collision for the teacher as a registration does.
 */
export async function registerFromInvitation(deps: AppDeps, token: unknown, fields: unknown, files: UploadedFile[], meta: { ip: string }) {
  const parsedToken = ZInvitationToken.safeParse({ token });
  if (!parsedToken.success) throw invalid();
  const tokenHash = hashInvitationToken(parsedToken.data.token);
  const input = parseInput(ZInvitationRegisterFields, fields);
  // told before the photos are read: a spent or expired link costs no face work
  await openInvitation(deps.db, deps.clock.now().toISOString(), parsedToken.data.token);
  if (files.length !== FACE_IMAGES_REQUIRED) throw new DomainError('VALIDATION', MSG.validation.imagesRequired);
  const images = await normalizeFaceImages(deps, files);
  const template = await deps.face.enroll(images).catch(toDomainFaceError);
  const passwordHash = await hashPassword(input.password);

  let userId: number | undefined;
  try {
    return await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now().toISOString();
      const invitation = await openInvitation(trx, now, parsedToken.data.token);
      const spent = await trx
        .updateTable('roster_invitations')
        .set({ used_at: now })
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      // a second completion at the same moment: the first spent the link
      if (Number(spent.numUpdatedRows) !== 1) throw new DomainError('CONFLICT', MSG.invitations.used, { errorCode: 'invitation_used' });
      userId = invitation.user_id;
      const match = await searchBeforeEnrolling(trx, deps, template.mean, invitation.user_id);
      await trx
        .updateTable('users')
        .set({ password_hash: passwordHash, status: match ? 'pending' : 'active', activated_at: match ? null : now })
        .where('id', '=', invitation.user_id)
        .execute();
      const user = { id: invitation.user_id, email: invitation.email, username: invitation.name };
      const collided = await writeRegistrantFaces(trx, deps, { user, match, images, template, ip: meta.ip, now });
      return collided
        ? { message: MSG.invitations.waitsForReview, waits_for_face_review: true as const }
        : { message: MSG.invitations.done, waits_for_face_review: false as const };
    });
  } catch (err) {
    if (userId !== undefined) await removeFaceImages(deps.config.uploadsDir, userId);
    throw err;
  }
}
