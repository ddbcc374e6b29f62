import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { getJson, postJson } from '@harness/api-client';
import { signInTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

const send = (body: unknown) => postJson(`${srv.url}/api/contact`, body);
const count = async () => (await srv.db.selectFrom('contact_messages').select('id').execute()).length;

describe('contact messages', () => {
  it('refuses bad input with a clear message and stores nothing', async () => {
    expect((await send({ name: '', email: 'a@b.co', message: 'hi' })).body.message).toBe(MSG.contact.nameRequired);
    expect((await send({ name: 'A', email: 'not-an-email', message: 'hi' })).body.message).toBe(MSG.validation.email);
    const long = await send({ name: 'A', email: 'a@b.co', message: 'x'.repeat(2001) });
    expect(long).toMatchObject({ status: 400, body: { message: MSG.contact.messageRequired } });
    expect(await count()).toBe(0);
  });

  it('stores up to 5 messages an hour from one address, then answers 429', async () => {
    for (let i = 1; i <= 5; i += 1) expect((await send({ name: `Visitor ${i}`, email: 'v@school.test', message: `Message ${i}` })).status).toBe(201);
    const sixth = await send({ name: 'Visitor 6', email: 'v@school.test', message: 'Message 6' });
    expect(sixth.status).toBe(429);
    expect(sixth.body.message).toBe(MSG.contact.tooMany);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await count()).toBe(5);
  });

  it('lets admins read them, newest first, and nobody else', async () => {
    const admin = await signInTestUser(srv, { role: 'admin' });
    const list = await getJson(`${srv.url}/api/admin/contact_messages?limit=2`, admin.token);
    expect(list.body).toMatchObject({ total_records: 5, current_page: 1, data: [{ name: 'Visitor 5' }, { name: 'Visitor 4' }] });
    const teacher = await signInTestUser(srv, { role: 'teacher', department: 'BCA' });
    expect((await getJson(`${srv.url}/api/admin/contact_messages`, teacher.token)).status).toBe(403);
    expect((await getJson(`${srv.url}/api/admin/contact_messages`)).status).toBe(401);
  });
});
