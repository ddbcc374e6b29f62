import os from 'node:os';
import { sql } from 'kysely';
import type { DB } from '@server/db/connect';
import { arrayRows, isPostgres } from '@server/db/dialect';
import type { UserStatus } from '@shared/constants';
import type { AppConfig } from '@server/env';
import { deserializeDescriptor, euclidean, NEIGHBOUR_RADIUS, resolveOptions } from '@server/face/index';
import type { FaceIndex } from './face-index';

/**
 * faceIndex: this node's copy of the templates (face-index.ts); without it every search reads the whole table.
 * The parts are named here, not taken from AppDeps: deps.ts holds the index (face-index.ts), so AppDeps here would close a circle.
 */
type Deps = { db: DB; config: Pick<AppConfig, 'face'>; faceIndex?: FaceIndex };

export interface FaceMatch {
  user_id: number;
  /** Euclidean distance between the two templates' means */
  distance: number;
}

/** The identity threshold the engine decides with (FACE_THRESHOLD or the engine's default). */
export const identityThreshold = (config: Deps['config']) => resolveOptions(config.face).threshold;
/** The 1:N threshold a new face is held at for a teacher (FACE_SEARCH_THRESHOLD, never under the 1:1 one). */
export const searchThreshold = (config: Deps['config']) => {
  const o = resolveOptions(config.face);
  return Math.max(o.searchThreshold, o.threshold);
};

/**
 * One face, one account: the enrolled template (of any account but `excludeUserId`) nearest to `mean`, when it is
 * at or under the search threshold; null otherwise. Only accounts that can still be let in are searched (active,
 * or pending: a template means it has photos), so a rejected, deactivated or deleted account's face leaves the
 * search in the same transaction that changes it (no squatting on a face). Every template of the institution is
 * compared on each search, from this node's index brought up to date with the database first, or without one read
 * from the table as arrays through Float32Array views of the blobs (docs/benchmarks-history.md, "Duplicate face search").
 */
export async function findEnrolledFace(deps: Deps, mean: Float32Array, opts: { excludeUserId?: number } = {}): Promise<FaceMatch | null> {
  const threshold = searchThreshold(deps.config);
  const outside = await accountsOutsideSearch(deps.db);
  if (opts.excludeUserId !== undefined) outside.add(opts.excludeUserId);
  if (deps.faceIndex) return nearestWithin(await deps.faceIndex.templates(deps.db), mean, threshold, outside);
  const rows = await arrayRows(deps.db, deps.db.selectFrom('face_templates').select(['user_id', 'mean_embedding']));
  return nearestWithin(asFloats(rows as [number, Uint8Array][], mean.length), mean, threshold, outside);
}

/**
 * The enrolled means within NEIGHBOUR_RADIUS of `mean`, of every active account but `userId`: the student's
 * lookalikes, whom a check of the student must not read closer to (verdict.ts). Active only, unlike the 1:N search:
 * a pending registration waits for a teacher and marks nothing, and counting it would let anyone refuse a student's
 * checks by registering other photos of them. Copies: the index's arrays and the table's blobs are views that do not
 * outlive the read.
 */
export async function enrolledNeighbours(deps: Deps, userId: number, mean: Float32Array): Promise<Float32Array[]> {
  const outside = await accountsOutsideSearch(deps.db, ['active']);
  outside.add(userId);
  const templates = deps.faceIndex
    ? await deps.faceIndex.templates(deps.db)
    : asFloats((await arrayRows(deps.db, deps.db.selectFrom('face_templates').select(['user_id', 'mean_embedding']))) as [number, Uint8Array][], mean.length);
  const near: Float32Array[] = [];
  for (const [id, v] of templates) {
    if (!outside.has(id) && v.length === mean.length && euclidean(v, mean) <= NEIGHBOUR_RADIUS) near.push(Float32Array.from(v));
  }
  return near;
}

/**
 * Accounts that keep their template but are out of the search (not of a status in `within`): few (rejected and
 * deactivated, and for neighbours the pending), so read each time.
 */
async function accountsOutsideSearch(db: DB, within: UserStatus[] = ['active', 'pending']): Promise<Set<number>> {
  const rows = await db.selectFrom('users').select('id').where('status', 'not in', within).execute();
  return new Set(rows.map((r) => r.id));
}

/** The nearest template at or under `threshold`; a template is dropped as soon as its partial sum passes the best so far. */
export function nearestWithin(
  templates: Iterable<readonly [number, Float32Array]>,
  mean: Float32Array,
  threshold: number,
  outside: ReadonlySet<number> = new Set(),
): FaceMatch | null {
  let limit = threshold * threshold;
  let best: FaceMatch | null = null;
  for (const [userId, v] of templates) {
    if (outside.has(userId) || v.length !== mean.length) continue;
    let s = 0;
    let i = 0;
    // Most templates are strangers, far past the limit after a few dimensions: check every 16.
    for (; i < v.length && s <= limit; i += 16) {
      const end = Math.min(i + 16, v.length);
      for (let j = i; j < end; j++) s += (mean[j] - v[j]) ** 2;
    }
    if (i >= v.length && s <= limit) {
      limit = s;
      best = { user_id: userId, distance: Math.sqrt(s) };
    }
  }
  return best;
}

/** Each row's blob as floats, one at a time (a view, or a copy in one scratch array): read each before the next. */
function* asFloats(rows: [number, Uint8Array][], dims: number): Generator<readonly [number, Float32Array]> {
  const scratch = new Float32Array(dims);
  for (const [userId, blob] of rows) if (blob.length === dims * 4) yield [userId, floatsOf(blob, scratch)];
}

const LITTLE_ENDIAN = os.endianness() === 'LE';

/**
 * The blob's floats without a copy where it can (a little-endian host and a 4-byte aligned blob), else copied into
 * `scratch`. Blobs are written little-endian (face/match.ts serializeDescriptor).
 */
function floatsOf(blob: Uint8Array, scratch: Float32Array): Float32Array {
  if (!LITTLE_ENDIAN) return deserializeDescriptor(Buffer.from(blob.buffer, blob.byteOffset, blob.length));
  if (blob.byteOffset % 4 === 0) return new Float32Array(blob.buffer, blob.byteOffset, blob.length / 4);
  new Uint8Array(scratch.buffer).set(blob);
  return scratch;
}

/** Any fixed 64-bit number, the same on every node: the key of the lock below. */
const FACE_REGISTRY_LOCK = 1_804_201_801;

/**
 * Call first in a transaction that searches the templates and then adds one (a registration, a face change applied):
 * two such transactions run one after the other, so two uploads of one face at the same moment cannot both find no
 * match. On PostgreSQL a transaction-scoped advisory lock, shared by every node; SQLite runs one write transaction
 * at a time on its one connection, so there is nothing to take.
 */
export async function lockFaceRegistry(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(${sql.lit(FACE_REGISTRY_LOCK)})`.execute(trx);
}
