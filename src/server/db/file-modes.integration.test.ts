import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { postJson } from '@harness/api-client';
import { createTestUser, startTestServerForFile } from '@tests/helpers/test-server';
import { storeFaceImages } from '../services/faces/index';
import { connectDatabase } from './connect';

const mode = (p: string) => fs.statSync(p).mode & 0o777;

const srv = await startTestServerForFile();

describe('file modes', () => {
  it('the database, its WAL files and the data folder are private to the server user', async () => {
    const u = await createTestUser(srv.db, { role: 'student' });
    await postJson(`${srv.url}/api/login`, { email: u.email, password: u.password });
    const file = path.join(srv.dataDir, 'roll-call.sqlite');
    expect(mode(srv.dataDir)).toBe(0o700);
    expect(mode(file)).toBe(0o600);
    expect(mode(`${file}-wal`)).toBe(0o600);
  });

  it('a database file left world-readable by an older version is tightened on open', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-modes-'));
    try {
      const file = path.join(dir, 'old.sqlite');
      fs.writeFileSync(file, '', { mode: 0o644 });
      fs.chmodSync(file, 0o644);
      fs.chmodSync(dir, 0o755);
      const db = connectDatabase(file);
      expect(mode(file)).toBe(0o600);
      expect(mode(dir)).toBe(0o700);
      await db.destroy();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('face images are written 0600 in 0700 folders', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer();
    const uploads = path.join(srv.dataDir, 'uploads');
    const [first] = await storeFaceImages(uploads, 4242, [jpeg]);
    expect(mode(uploads)).toBe(0o700);
    expect(mode(path.join(uploads, 'faces'))).toBe(0o700);
    expect(mode(path.join(uploads, 'faces', '4242'))).toBe(0o700);
    expect(mode(path.join(uploads, first))).toBe(0o600);
  });
});
