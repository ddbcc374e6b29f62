import type { AppDeps } from '../deps';
import { resolveOptions } from '../face/config';

type Deps = Pick<AppDeps, 'db' | 'config'>;

export interface FaceMatch {
  user_id: number;
  /** Euclidean distance between the two templates' means */
  distance: number;
}

/** The identity threshold the engine decides with (FACE_THRESHOLD or the engine's default). */
export const identityThreshold = (config: Deps['config']) => resolveOptions(config.face).threshold;

/**
 * One face, one account: the enrolled template (of any account but `excludeUserId`) nearest to `mean`, when it is
 * at or under the identity threshold; null otherwise. A linear scan of every template's mean (128 floats each).
 */
export async function findEnrolledFace(deps: Deps, mean: Float32Array, opts: { excludeUserId?: number } = {}): Promise<FaceMatch | null> {
  const threshold = identityThreshold(deps.config);
  const rows = await deps.db.selectFrom('face_templates').select(['user_id', 'mean_embedding']).execute();
  let best: FaceMatch | null = null;
  for (const row of rows) {
    if (row.user_id === opts.excludeUserId) continue;
    const b = row.mean_embedding;
    if (b.length !== mean.length * 4) continue;
    let s = 0;
    for (let i = 0; i < mean.length; i++) s += (mean[i] - b.readFloatLE(i * 4)) ** 2;
    const distance = Math.sqrt(s);
    if (distance <= threshold && (!best || distance < best.distance)) best = { user_id: row.user_id, distance };
  }
  return best;
}
