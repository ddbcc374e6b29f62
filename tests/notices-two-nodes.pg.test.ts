import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/env';
import { systemClock } from '@server/lib/clock';
import { queueNotice } from '@server/services/notices/index';
import { type ServerProcess, startServerProcess } from './helpers/server-process';
import { startSmtpSink } from './helpers/smtp-sink';
import { createPostgresDatabase, type TestDatabase, testEngine } from './helpers/test-database';
import { createTestUser } from './helpers/test-server';

/**
 * Two app processes on one PostgreSQL database, each running its email timer as in production, against one real SMTP
 * server: every queued email arrives exactly once. Runs in the PostgreSQL pass (TEST_DATABASE_URL).
 */
const enabled = testEngine === 'postgres';

describe.skipIf(!enabled)('the email queue on two app nodes', () => {
  let database: TestDatabase;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let nodes: ServerProcess[] = [];
  const FROM = 'Roll Call <attendance@school.test>';

  beforeAll(async () => {
    database = await createPostgresDatabase();
    sink = await startSmtpSink();
    const env = { DATABASE_URL: database.url, SMTP_URL: sink.url, SMTP_FROM: FROM };
    nodes = await Promise.all([startServerProcess(env), startServerProcess(env)]);
  });
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await sink?.close();
    await database?.drop();
  });

  it('each of 40 emails queued at once is sent by one node, once', { timeout: 60_000 }, async () => {
    const db = nodes[0].db;
    const users: Awaited<ReturnType<typeof createTestUser>>[] = [];
    for (let i = 0; i < 40; i++) users.push(await createTestUser(db, { role: 'student', department: 'BCA' }));
    const deps = { clock: systemClock, config: loadConfig({ SMTP_URL: sink.url, SMTP_FROM: FROM }) };
    await db.transaction().execute(async (trx) => {
      for (const u of users) await queueNotice(deps, trx, u.id, { kind: 'registration_approved', username: u.username });
    });
    const deadline = Date.now() + 45_000;
    const unsent = () => db.selectFrom('notice_emails').select('id').where('status', '!=', 'sent').execute();
    while ((await unsent()).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    expect(await unsent()).toEqual([]);
    for (const u of users) expect(sink.received.filter((m) => m.to.includes(u.email.toLowerCase()))).toHaveLength(1);
    expect(sink.received).toHaveLength(users.length);
  });
});
