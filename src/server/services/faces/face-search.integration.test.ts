import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { isPostgres } from '@server/db/dialect';
import { serializeDescriptor } from '@server/face/index';
import { searchBeforeEnrolling } from './face-collisions';
import { createFaceIndex } from './face-index';
import { findEnrolledFace } from './face-search';

/**
 * findEnrolledFace against a real database on both engines. On PostgreSQL it answers from the node's index
 * (face-index.ts), so these writes go around the app, as another node or a script would make them: the next search
 * must see each of them (an insert, a template replaced with the same timestamp, a deleted account).
 */
let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

/** A 128-float template: `base` with `offset` added to its first dimension. */
const at = (offset: number) => Float32Array.from({ length: 128 }, (_, i) => (i === 0 ? 0.5 + offset : i % 2 ? 0.1 : -0.1));
const STAMP = '2026-11-26T08:00:00.000Z';

async function enrolled(template: Float32Array) {
  const { id } = await createTestUser(srv.db, { role: 'student', department: 'BCA' });
  await srv.db
    .insertInto('face_templates')
    .values({ user_id: id, mean_embedding: serializeDescriptor(template), model: 'test', updated_at: STAMP })
    .execute();
  return id;
}

describe('findEnrolledFace', () => {
  it('answers the nearest other template under the threshold, and sees every later write', async () => {
    const search = (mean: Float32Array, excludeUserId?: number) => findEnrolledFace(srv.deps, mean, { excludeUserId });
    const near = await enrolled(at(0.3));
    const nearer = await enrolled(at(0.2));
    expect(await search(at(2))).toBeNull();
    expect(await search(at(0))).toEqual({ user_id: nearer, distance: expect.closeTo(0.2, 5) });
    expect(await search(at(0), nearer)).toEqual({ user_id: near, distance: expect.closeTo(0.3, 5) });

    const nearest = await enrolled(at(0.1));
    expect((await search(at(0)))?.user_id).toBe(nearest);

    // Replaced in place, same timestamp: only the row's content (and version) changes.
    await srv.db
      .updateTable('face_templates')
      .set({ mean_embedding: serializeDescriptor(at(3)) })
      .where('user_id', '=', nearest)
      .execute();
    expect((await search(at(0)))?.user_id).toBe(nearer);

    await srv.db.deleteFrom('users').where('id', '=', nearer).execute();
    expect((await search(at(0)))?.user_id).toBe(near);

    // A node started now (an empty index) agrees with the one that followed every change.
    expect(await findEnrolledFace({ ...srv.deps, faceIndex: createFaceIndex() }, at(0))).toEqual(await search(at(0)));
    await srv.db.deleteFrom('face_templates').execute();
    expect(await search(at(0))).toBeNull();
  });

  it('holds a second registration of the same face until the first is committed, then finds the first', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstScreened!: () => void;
    const screened = new Promise<void>((resolve) => {
      firstScreened = resolve;
    });
    const first = srv.db.transaction().execute(async (trx) => {
      const s = await searchBeforeEnrolling(trx, srv.deps, at(0));
      firstScreened();
      await released;
      const { id } = await trx
        .insertInto('users')
        .values({ username: 'first', email: 'first@school.test', password_hash: 'x', role: 'student', created_at: STAMP })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('face_templates')
        .values({ user_id: id, mean_embedding: serializeDescriptor(at(0)), model: 'test', updated_at: STAMP })
        .execute();
      return { s, id };
    });
    await screened;
    const second = srv.db.transaction().execute((trx) => searchBeforeEnrolling(trx, srv.deps, at(0)));
    // PostgreSQL: the second waits on the registry lock (SQLite cannot even begin it while the first one runs).
    if (isPostgres(srv.db)) await waitForLockWaiter();
    release();
    const { s, id } = await first;
    expect(s).toBeNull();
    expect(await second).toEqual({ user_id: id, distance: 0 });
  });

  it('searches only accounts that can be let in: a rejected or deactivated one leaves the search at once, and comes back with its account', async () => {
    const search = (mean: Float32Array) => findEnrolledFace(srv.deps, mean);
    const { id } = await srv.db
      .insertInto('users')
      .values({ username: 'squat', email: 'squat@school.test', password_hash: 'x', role: 'student', status: 'pending', created_at: STAMP })
      .returning('id')
      .executeTakeFirstOrThrow();
    await srv.db
      .insertInto('face_templates')
      .values({ user_id: id, mean_embedding: serializeDescriptor(at(7)), model: 'test', updated_at: STAMP })
      .execute();
    expect(await search(at(7))).toMatchObject({ user_id: id });
    await srv.db.updateTable('users').set({ status: 'inactive' }).where('id', '=', id).execute();
    expect(await search(at(7))).toBeNull();
    await srv.db.updateTable('users').set({ status: 'active' }).where('id', '=', id).execute();
    expect(await search(at(7))).toMatchObject({ user_id: id });
  });
});

async function waitForLockWaiter() {
  for (;;) {
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_locks
      where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`.execute(srv.db);
    if (rows[0].n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
