import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/server/db/connect';
import { fixture, hasFixtures } from '../scripts/harness/face-fixtures';
import { runScript } from '../scripts/harness/server-process';
import { buildSplice, SPLICES } from '../scripts/harness/splice-clips';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-scripts-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const script = (name: string, args: string[]) => runScript(name, args, { DATA_DIR: dataDir });

describe('scripts', () => {
  it('npm run migrate creates the database and is idempotent', async () => {
    expect((await script('migrate', [])).out).toContain('Applied: 2026_11_22_120000_initial_schema');
    expect((await script('migrate', [])).out).toContain('Database is up to date.');
  });

  it('create-user makes an active admin, then refuses the same email and a weak password', async () => {
    const ok = await script('create-user', ['--role', 'admin', '--email', 'Head@School.edu', '--password', 'Str0ng!Pass']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Created active admin #\d+ head <head@school.edu>/);
    const dup = await script('create-user', ['--role', 'teacher', '--email', 'head@school.edu', '--password', 'Str0ng!Pass']);
    expect(dup.code).toBe(1);
    expect(dup.out).toContain('An account with this email already exists.');
    const weak = await script('create-user', ['--role', 'teacher', '--email', 't@school.edu', '--password', 'weak']);
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('Password must be at least 8 characters');
    const usage = await script('create-user', ['--role', 'janitor']);
    expect(usage.code).toBe(2);
    const db = connectDatabase(path.join(dataDir, 'roll-call.sqlite'));
    const users = await db.selectFrom('users').select(['email', 'role', 'status']).execute();
    await db.destroy();
    expect(users).toEqual([{ email: 'head@school.edu', role: 'admin', status: 'active' }]);
  });

  it.skipIf(!hasFixtures)(
    'face-check prints the face_changed reason for a splice and exits 1',
    async () => {
      const clip = path.join(dataDir, 'splice.webm');
      fs.writeFileSync(clip, buildSplice(SPLICES.find((x) => x.name === 'splice_photo_mcg_then_aoc_blink')!));
      const stills = ['f003', 'f025', 'f115'].map((f) => fixture('clips', `enroll_mcguinness_${f}.jpg`));
      const r = await script('face-check', ['--enroll', ...stills, '--video', clip]);
      expect(r.out).toContain('REJECTED (face_changed): The face changed during the recording. Record again with only your face in view.');
      expect(r.code).toBe(1);
    },
    // a splice built with ffmpeg and a face check in a fresh process: minutes on a busy machine
    600_000,
  );
});
