import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../src/server/db/connect';
import { fixture, hasFixtures } from '../scripts/harness/face-fixtures';
import { buildSplice, SPLICES } from '../scripts/harness/splice-clips';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-scripts-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function script(name: string, args: string[]) {
  try {
    const r = await run(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), path.join(root, 'scripts', name), ...args], {
      env: { ...process.env, DATA_DIR: dataDir },
    });
    return { code: 0, out: r.stdout + r.stderr };
  } catch (e) {
    const err = e as { code: number; stdout: string; stderr: string };
    return { code: err.code, out: err.stdout + err.stderr };
  }
}

describe('scripts', () => {
  it('npm run migrate creates the database and is idempotent', async () => {
    expect((await script('migrate.ts', [])).out).toContain('Applied: 2026_11_22_120000_initial_schema');
    expect((await script('migrate.ts', [])).out).toContain('Database is up to date.');
  });

  it('create-user makes an active admin, then refuses the same email and a weak password', async () => {
    const ok = await script('create-user.ts', ['--role', 'admin', '--email', 'Head@School.edu', '--password', 'Str0ng!Pass']);
    expect(ok.code).toBe(0);
    expect(ok.out).toMatch(/Created active admin #\d+ head <head@school.edu>/);
    const dup = await script('create-user.ts', ['--role', 'teacher', '--email', 'head@school.edu', '--password', 'Str0ng!Pass']);
    expect(dup.code).toBe(1);
    expect(dup.out).toContain('An account with this email already exists.');
    const weak = await script('create-user.ts', ['--role', 'teacher', '--email', 't@school.edu', '--password', 'weak']);
    expect(weak.code).toBe(1);
    expect(weak.out).toContain('Password must be at least 8 characters');
    const usage = await script('create-user.ts', ['--role', 'janitor']);
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
      const r = await script('face-check.ts', ['--enroll', ...stills, '--video', clip]);
      expect(r.out).toContain('REJECTED (face_changed): The face changed during the recording. Record again with only your face in view.');
      expect(r.code).toBe(1);
    },
    // a splice built with ffmpeg and a face check in a fresh process: minutes on a busy machine
    600_000,
  );
});
