import type { DB } from '../../src/server/db/connect';
import type { Clock } from '../../src/server/lib/clock';
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
