import { sql } from 'kysely';
import type { DB } from '../db/connect';

/**
 * The enrolled templates kept in this node's memory (deps.faceIndex), so a duplicate-face search on PostgreSQL does
 * not pull 5 MB over the socket each time (docs/benchmarks.md, "Duplicate face search"). The database stays the one
 * truth: every read first asks it for a fingerprint of the table (row count, sum of user ids, sum of row versions,
 * PostgreSQL's xmin, which every insert and update changes) and fetches what changed, whichever node or script wrote
 * it; a fingerprint that still differs after that (a delete, a commit out of xid order) reloads the whole table.
 * SQLite has no row version, and reads its file in-process anyway: there findEnrolledFace reads the table itself.
 */
export interface FaceIndex {
  /** Every template as of this call's snapshot, to be read before the next await. */
  templates(db: DB): Promise<Iterable<readonly [number, Float32Array]>>;
}

interface Entry {
  version: number;
  floats: Float32Array;
}

type Row = { user_id: number; version: number; mean_embedding: Uint8Array };

export function createFaceIndex(): FaceIndex {
  const entries = new Map<number, Entry>();
  let idSum = 0;
  let versionSum = 0;
  let newest = 0;

  const put = (r: Row) => {
    const old = entries.get(r.user_id);
    if (old) versionSum -= old.version;
    else idSum += r.user_id;
    // A copy: the row's buffer may not be 4-byte aligned, and the index must not keep pg's whole read buffer alive.
    const floats = new Float32Array(r.mean_embedding.length / 4);
    new Uint8Array(floats.buffer).set(r.mean_embedding);
    entries.set(r.user_id, { version: r.version, floats });
    versionSum += r.version;
    newest = Math.max(newest, r.version);
  };
  const reset = () => {
    entries.clear();
    idSum = versionSum = newest = 0;
  };
  const view = () => [...entries].map(([id, e]) => [id, e.floats] as const);

  return {
    async templates(db) {
      const f = await fingerprint(db);
      const current = () => f.n === entries.size && f.ids === idSum && f.versions === versionSum;
      if (current()) return view();
      for (const r of await rowsAfter(db, newest)) put(r);
      if (current()) return view();
      const all = await rowsAfter(db, -1);
      reset();
      for (const r of all) put(r);
      return view();
    },
  };
}

const version = sql<number>`xmin::text::bigint`;

async function fingerprint(db: DB) {
  const r = await db
    .selectFrom('face_templates')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      sql<number>`coalesce(sum(user_id), 0)`.as('ids'),
      sql<number>`coalesce(sum(${version}), 0)`.as('versions'),
    ])
    .executeTakeFirstOrThrow();
  return { n: Number(r.n), ids: Number(r.ids), versions: Number(r.versions) };
}

function rowsAfter(db: DB, after: number): Promise<Row[]> {
  return db
    .selectFrom('face_templates')
    .select(['user_id', 'mean_embedding', version.as('version')])
    .where(version, '>', after)
    .execute()
    .then((rows) => rows.map((r) => ({ ...r, version: Number(r.version) })));
}
