import { MSG } from '@shared/messages';
import type { TDecideFaceCollisionInput } from '@shared/schemas/faces/face-changes';
import type { AuthUser } from '@server/auth/authenticate';
import { decidesFor } from '@server/auth/authenticate';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { decideFaceChangeIn, openCollisionsQuery, removeStoredImages } from '../faces/index';
import { activate } from './approvals';
import { reject } from './student-rejections';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'urls' | 'config' | 'faceIndex'>;

/**
 * The department's teacher (or an admin; for a teacher's own registration only an admin) decides a face collision
 * in one transaction, with its consequence:
 * - twins or lookalikes: two different people, so the waiting registration is approved, or the face change applied;
 * - the same person twice: the waiting registration is rejected (the reason says why), or the face change declined.
 * When the other account is the impostor (a squatter), the teacher rejects that one instead: the collision is then
 * cleared and the waiting registration is approved as usual. Deciding twice is refused: a decision is kept as made.
 */
export async function decideFaceCollision(deps: Deps, caller: AuthUser, input: TDecideFaceCollisionInput) {
  const result = await deps.db.transaction().execute(async (trx) => {
    const c = await trx
      .selectFrom('duplicate_faces as d')
      .innerJoin('users as w', 'w.id', 'd.user_id')
      .select(['d.id', 'd.kind', 'd.user_id', 'd.face_change_id', 'd.decision', 'w.role', 'w.department_id'])
      .where('d.id', '=', input.collision_id)
      .executeTakeFirst();
    if (!c || c.kind === 'refused') throw new DomainError('NOT_FOUND', MSG.duplicateFace.notFound);
    if (!decidesFor(caller, c)) throw new DomainError('FORBIDDEN', MSG.duplicateFace.forbidden);
    if (c.decision) throw new DomainError('CONFLICT', MSG.duplicateFace.alreadyDecided, { errorCode: 'face_collision_decided' });
    const open = await openCollisionsQuery(trx).select('d.id').where('d.id', '=', c.id).executeTakeFirst();
    if (!open) throw new DomainError('CONFLICT', MSG.duplicateFace.notOpen, { errorCode: 'face_collision_closed' });
    const now = deps.clock.now().toISOString();
    // Conditional on still undecided, so two deciders at once cannot both win.
    const marked = await trx
      .updateTable('duplicate_faces')
      .set({ decision: input.decision, decided_by: caller.id, decided_at: now })
      .where('id', '=', c.id)
      .where('decision', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) throw new DomainError('CONFLICT', MSG.duplicateFace.alreadyDecided, { errorCode: 'face_collision_decided' });
    const different = input.decision !== 'same_person';
    const userId = c.user_id!;
    if (c.kind === 'registration') {
      if (different) await activate(deps, trx, [userId]);
      else await reject(trx, [userId], { reason: MSG.duplicateFace.sameRejectionReason, rejected_by: caller.id, rejected_at: now });
      return { removeAfterCommit: [] as string[] };
    }
    // Two different people says nothing about whether the new photos are this student: photos that do not match the
    // student's own enrolled face (a friend's, who has an account and so collided) still wait on the face change's
    // card for its explicit confirmation. The check reads and writes nothing before it refuses, so the decision stands.
    const change = await decideFaceChangeIn(deps, trx, caller, { change_id: c.face_change_id!, decision: different ? 'approve' : 'decline' }).catch(
      (err: unknown) => {
        if (different && err instanceof DomainError && err.details.errorCode === 'face_mismatch_unconfirmed') return null;
        throw err;
      },
    );
    // Another account enrolled a face like it since: that collision is recorded and waits for its own decision.
    return { removeAfterCommit: change?.removeAfterCommit ?? [], changeWaits: change === null };
  });
  await removeStoredImages(deps.config.uploadsDir, result.removeAfterCommit);
  const message =
    'changeWaits' in result && result.changeWaits
      ? MSG.duplicateFace.changeWaitsMismatch(MSG.duplicateFace.decided[input.decision])
      : MSG.duplicateFace.decided[input.decision];
  return { success: true as const, decision: input.decision, message };
}
