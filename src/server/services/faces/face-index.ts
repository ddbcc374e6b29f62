import { type RawBuilder, sql } from 'kysely';
import type { DB } from '@server/db/connect';
import { isPostgres } from '@server/db/dialect';

/**
 * The enrolled templates kept in this node's memory (deps.faceIndex), so a duplicate-face search does not read 5 MB
 * of rows each time (docs/benchmarks-history.md, "Duplicate face search"). The database stays the one truth: every read first
 * asks it, in the caller's transaction, for a fingerprint of the whole table, and fetches what changed, whichever node
 * or script wrote it; a fingerprint that still differs after that reloads the whole table.
 * - PostgreSQL: row count, sum of user ids and sum of xmin (every insert and update gives a row a new xmin); the
 *   changes are the rows whose xmin is newer than the newest seen.
 * - SQLite: row count, sum of user ids and the first 16 bytes of every template in user id order (a replaced template
 *   changes them); the changes are the rows of user ids above the largest seen (registrations append).
 */
export interface FaceIndex {
  /** Every template as of this call's snapshot, to be read before the next await. */
  templates(db: DB): Promise<Iterable<readonly [number, Float32Array]>>;
}

type Row = { user_id: number; version: number; mean_embedding: Uint8Array };
interface Fingerprint {
  n: number;
  ids: number;
  /** PostgreSQL: the sum of xmin; SQLite: the templates' first bytes, in hex, in user id order */
  versions: number | string;
}

const HEAD_BYTES = 16;

export function createFaceIndex(): FaceIndex {
  const entries = new Map<number, { version: number; floats: Float32Array }>();
  let idSum = 0;
  let versionSum = 0;
  let newestVersion = 0;
  let largestId = 0;
  let lastSqlite: Fingerprint | null = null;

  const put = (r: Row) => {
    const old = entries.get(r.user_id);
    if (old) versionSum -= old.version;
    else idSum += r.user_id;
    // A copy: the row's buffer may not be 4-byte aligned, and the index must not keep the driver's read buffer alive.
    const floats = new Float32Array(r.mean_embedding.length / 4);
    new Uint8Array(floats.buffer).set(r.mean_embedding);
    entries.set(r.user_id, { version: r.version, floats });
    versionSum += r.version;
    newestVersion = Math.max(newestVersion, r.version);
    largestId = Math.max(largestId, r.user_id);
  };
  const reload = (rows: Row[]) => {
    entries.clear();
    idSum = versionSum = newestVersion = largestId = 0;
    for (const r of rows) put(r);
  };
  const view = () => [...entries].map(([id, e]) => [id, e.floats] as const);

  const postgres = async (db: DB) => {
    const f = await fingerprint(db);
    const current = () => f.n === entries.size && f.ids === idSum && f.versions === versionSum;
    if (current()) return view();
    for (const r of await rowsWhere(db, sql`xmin::text::bigint > ${newestVersion}`)) put(r);
    if (!current()) reload(await rowsWhere(db, sql`true`));
    return view();
  };

  const sqlite = async (db: DB) => {
    const f = await fingerprint(db);
    const last = lastSqlite;
    if (last && f.n === last.n && f.ids === last.ids && f.versions === last.versions) return view();
    // Forgotten until the rows are in: a failed read must not leave a fingerprint that vouches for old entries.
    lastSqlite = null;
    if (last && typeof f.versions === 'string' && f.versions.startsWith(last.versions as string)) {
      // Only appended rows (new user ids, higher than every one seen), the older ones' first bytes unchanged.
      const added = await rowsWhere(db, sql`user_id > ${largestId}`);
      const addedHeads = added.map((r) => Buffer.from(r.mean_embedding.subarray(0, HEAD_BYTES)).toString('hex').toUpperCase()).join('');
      if (last.versions + addedHeads === f.versions && last.n + added.length === f.n) {
        for (const r of added) put(r);
        lastSqlite = f;
        return view();
      }
    }
    // Read after the fingerprint: if a write landed between, the next fingerprint differs and reloads again.
    reload(await rowsWhere(db, sql`true`));
    lastSqlite = f;
    return view();
  };

  return { templates: (db) => (isPostgres(db) ? postgres(db) : sqlite(db)) };
}

async function fingerprint(db: DB): Promise<Fingerprint> {
  const versions: RawBuilder<number | string> = isPostgres(db)
    ? sql<number>`coalesce(sum(xmin::text::bigint), 0)`
    : sql<string>`coalesce(group_concat(hex(substr(mean_embedding, 1, ${HEAD_BYTES})), ''), '')`;
  // SQLite scans face_templates in rowid (user id) order, so that is group_concat's order without an ORDER BY (which
  // would sort 10,000 rows on every search); were it ever another, fingerprints would only differ and reload.
  const r = await db
    .selectFrom('face_templates')
    .select((eb) => [eb.fn.countAll<number>().as('n'), sql<number>`coalesce(sum(user_id), 0)`.as('ids'), versions.as('versions')])
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), ids: Number(r.ids), versions: typeof r.versions === 'string' ? r.versions : Number(r.versions) };
}

async function rowsWhere(db: DB, condition: ReturnType<typeof sql<boolean>>): Promise<Row[]> {
  const version = isPostgres(db) ? sql<number>`xmin::text::bigint` : sql<number>`0`;
  const rows = await db
    .selectFrom('face_templates')
    .select(['user_id', 'mean_embedding', version.as('version')])
    .where(condition)
    .orderBy('user_id')
    .execute();
  return rows.map((r) => ({ ...r, version: Number(r.version) }));
}
