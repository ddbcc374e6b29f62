import type { DB } from '../../db/connect';
import type { AppDeps } from '../../deps';
import { findEnrolledFace, lockFaceRegistry } from './search/face-search';

export interface NewFace {
  mean: Float32Array;
  email: string;
  username: string;
  ip: string;
  now: string;
}

/** What a registration may do with its face: go on (spending the admin's allowance, if one let it through) or stop. */
export type FaceScreening = { refused: false; allowanceId: number | null } | { refused: true };

/**
 * One face, one account, at registration. Runs inside the transaction that writes the new user, after
 * lockFaceRegistry, so the search and the write are one step for every node. A face already enrolled for another
 * account is refused and the refusal recorded (the caller commits it and writes nothing else), unless an admin let
 * this email through against that same account and the allowance is still unused.
 */
export async function screenNewFace(trx: DB, deps: Pick<AppDeps, 'config' | 'faceIndex'>, face: NewFace): Promise<FaceScreening> {
  await lockFaceRegistry(trx);
  const match = await findEnrolledFace({ db: trx, config: deps.config, faceIndex: deps.faceIndex }, face.mean);
  if (!match) return { refused: false, allowanceId: null };
  const allowance = await trx
    .selectFrom('duplicate_faces')
    .select('id')
    .where('email', '=', face.email)
    .where('matched_user_id', '=', match.user_id)
    .where('allowed_at', 'is not', null)
    .where('used_at', 'is', null)
    .orderBy('allowed_at')
    .executeTakeFirst();
  if (allowance) return { refused: false, allowanceId: allowance.id };
  await trx
    .insertInto('duplicate_faces')
    .values({ email: face.email, username: face.username, matched_user_id: match.user_id, distance: match.distance, ip: face.ip, created_at: face.now })
    .execute();
  return { refused: true };
}

/** Marks the allowance used by the new account, in the transaction that wrote it: an allowance serves once. */
export async function spendAllowance(trx: DB, allowanceId: number, userId: number, now: string): Promise<void> {
  const r = await trx
    .updateTable('duplicate_faces')
    .set({ used_by_user_id: userId, used_at: now })
    .where('id', '=', allowanceId)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  // Unreachable while the registry lock is held; if it ever is not, the registration must fail, not pass twice.
  if (Number(r.numUpdatedRows) !== 1) throw new Error('duplicate face allowance already used');
}
