import type { DB } from '../../src/server/db/connect';
import type { Clock } from '../../src/server/lib/clock';
import { tokenIdOf } from './test-server';

/**
 * A face check of this user's login (its token), as compare-face-video stores one, `agoSeconds` before the clock's
 * now; without a token, a login unknown to the server.
 */
export const insertProof = (
  db: DB,
  clock: Clock,
  user: { id: number; token?: string },
  opts: { agoSeconds?: number; verdict?: 'accepted' | 'rejected' } = {},
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
    })
    .returning('id')
    .executeTakeFirstOrThrow();
