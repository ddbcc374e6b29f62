import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, startTestServer, type TestServer } from '@tests/helpers/test-server';
import { faceImagePath, storeFaceImages } from '@server/services/faces/index';
import { deactivateUser } from '@server/services/accounts/index';

let srv: TestServer;
const defaultSrv = () => srv;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

async function enrolledImageUrl(status: 'active' | 'pending', srv: TestServer = defaultSrv()) {
  const u = await createTestUser(srv.db, { role: 'student', department: 'BCA', status });
  const jpeg = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#a87' } })
    .jpeg()
    .toBuffer();
  const [image_path] = await storeFaceImages(srv.deps.config.uploadsDir, u.id, [jpeg]);
  const { id } = await srv.db
    .insertInto('face_enrollments')
    .values({ user_id: u.id, image_path, captured_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { user: u, url: `${srv.url}${srv.deps.urls.sign(faceImagePath(id), srv.deps.clock.now())}` };
}

describe('GET /api/face-images/:id', () => {
  it("a signed URL stops working once the image's owner is deactivated", async () => {
    const { user, url } = await enrolledImageUrl('active');
    const ok = await fetch(url);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/jpeg');
    await deactivateUser(srv, user.id);
    expect((await fetch(url)).status).toBe(404);
  });

  it("a pending student's images stay visible for approval", async () => {
    const { url } = await enrolledImageUrl('pending');
    expect((await fetch(url)).status).toBe(200);
  });
});

describe('face images with DATA_DIR under a dot folder (e.g. ~/.local/share/roll-call)', () => {
  let home: string;
  let dotted: TestServer;
  beforeAll(async () => {
    home = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-home-'));
    dotted = await startTestServer({ env: { DATA_DIR: path.join(home, '.local/share/roll-call') } });
  });
  afterAll(async () => {
    await dotted?.close();
    fs.rmSync(home, { recursive: true, force: true });
  });

  it('serves an enrolled image through its signed URL', async () => {
    const { url } = await enrolledImageUrl('active', dotted);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
  });
});
