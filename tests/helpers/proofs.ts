import { randomUUID } from 'node:crypto';
import type { DB } from '@server/db/connect';
import type { Clock } from '@server/lib/clock';
import { tokenIdOf } from './test-server';

/**
 * A face check of this user's login (its token), as compare-face-video stores one, `agoSeconds` before the clock's
 * now; without a token, a login unknown to the server. `ip` and `deviceId`: where the check came from (the address
 * and the attested device the face check keeps); none by default.
 */
export const insertProof = (
  db: DB,
  clock: Clock,
  user: { id: number; token?: string },
  opts: { agoSeconds?: number; verdict?: 'accepted' | 'rejected'; ip?: string; deviceId?: string } = {},
) =>
  db
    .insertInto('face_verifications')
    .values({
      user_id: user.id,
      token_id: user.token ? tokenIdOf(user.token) : null,
      created_at: new Date(clock.now().getTime() - (opts.agoSeconds ?? 5) * 1000).toISOString(),
      blink_count: 2,
      similarity: 0.3,
      verdict: opts.verdict ?? 'accepted',
      reason: 'accepted',
      ip: opts.ip ?? null,
      device_id: opts.deviceId ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

/**
 * One live face check try of this user in a session, ended with `outcome` as the live check ends it ('accepted',
 * 'abandoned', a refusal's code such as 'challenge_not_followed'), `agoSeconds` before the clock's now.
 */
export const insertFaceTry = (db: DB, clock: Clock, user: { id: number }, sessionId: number, outcome: string, agoSeconds = 20) => {
  const at = new Date(clock.now().getTime() - agoSeconds * 1000).toISOString();
  return db
    .insertInto('face_challenges')
    .values({ id: randomUUID(), user_id: user.id, token_id: null, session_id: sessionId, steps: '[]', issued_at: at, expires_at: at, used_at: at, outcome })
    .execute();
};
