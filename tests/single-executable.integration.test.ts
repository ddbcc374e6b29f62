import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ROUTE_MODULES from '../src/client/route-modules.json';
import { MSG } from '../src/shared/messages';
import { connectDatabase, type DB } from '../src/server/db/connect';
import { CENTRE } from './helpers/classroom';
import { hasFixtures, NO_FIXTURES_MESSAGE, readFixture } from '../scripts/harness/face-fixtures';
import { pointNorthOf } from './helpers/geo';
import { GOOD_FIELDS, postJson, postRegister } from '../scripts/harness/api-client';
import { cannotRun, ensureBinary, freePort, isolatedInstall, serve } from './helpers/single-executable';
import { createTestDatabase, type TestDatabase } from './helpers/test-database';
import { TEST_JWT_SECRET } from './helpers/test-server';

const why = cannotRun() ?? (hasFixtures ? null : NO_FIXTURES_MESSAGE);
if (why) console.warn(`single executable tests skipped: ${why}`);

const sha = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));
/** Each file of the cache folder with what a rewrite would change: inode and modification time. */
const snapshot = (dir: string) => new Map(filesUnder(dir).map((f) => [path.relative(dir, f), `${fs.statSync(f).ino}:${fs.statSync(f).mtimeMs}`]));

describe.skipIf(!!why)('the single executable, with the checkout and node out of reach', () => {
  let install: ReturnType<typeof isolatedInstall>;
  let database: TestDatabase | undefined;
  let db: DB;
  let buildDir: string;

  beforeAll(async () => {
    ensureBinary();
    database = await createTestDatabase();
    install = isolatedInstall({ JWT_SECRET: TEST_JWT_SECRET, FACE_CHALLENGE: 'off', ...(database && { DATABASE_URL: database.url }) });
  }, 300_000);
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
    install?.remove();
  });

  it('creates a teacher, enrolls a student from photos, passes a real face check, marks attendance and exports the CSV', async () => {
    const created = await install.run([
      'create-user',
      '--role',
      'teacher',
      '--email',
      'teacher@school.test',
      '--password',
      'Teach3r!pass',
      '--department',
      'BCA',
    ]);
    expect(created, created.err).toMatchObject({ code: 0 });
    expect(created.out).toMatch(/Created active teacher #\d+/);
    const [build] = fs.readdirSync(install.cacheRoot);
    buildDir = path.join(install.cacheRoot, build);

    const port = await freePort();
    Object.assign(install.env, { PORT: String(port), HOST: '127.0.0.1' });
    const server = serve(install, port);
    const url = await server.ready;
    try {
      db = connectDatabase(database?.url ?? path.join(install.env.DATA_DIR, 'roll-call.sqlite'), { poolSize: 1 });
      const teacher = await postJson(`${url}/api/login`, { email: 'teacher@school.test', password: 'Teach3r!pass' });
      expect(teacher.status).toBe(200);

      const photos = ['f005', 'f045', 'f070'].map((f) => ({ data: readFixture('clips', `enroll_aoc_${f}.jpg`) }));
      const reg = await postRegister(url, { ...GOOD_FIELDS, email: 'aoc@school.test', username: 'aoc' }, photos);
      expect(reg.status, reg.text).toBe(201);
      const student = await db.selectFrom('users').select('id').where('email', '=', 'aoc@school.test').executeTakeFirstOrThrow();
      const approved = await fetch(`${url}/api/approve_students`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${teacher.body.token}` },
        body: JSON.stringify({ user_ids: [student.id] }),
      });
      expect(approved.status).toBe(200);
      const token = (await postJson(`${url}/api/login`, { email: 'aoc@school.test', password: GOOD_FIELDS.password })).body.token as string;

      const form = new FormData();
      form.append('video', new Blob([new Uint8Array(readFixture('clips', 'aoc_3blinks_3s.webm'))], { type: 'video/webm' }), 'clip.webm');
      const check = await fetch(`${url}/api/compare-face-video`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
      const verdict = await check.json();
      expect(check.status, JSON.stringify(verdict)).toBe(200);
      expect(verdict).toMatchObject({ success: true });

      const me = await db.selectFrom('users').select('id').where('email', '=', 'teacher@school.test').executeTakeFirstOrThrow();
      const started = await postJson(`${url}/api/start_geofence`, { teacher_id: me.id, ...CENTRE, radius: 50, department: 'BCA' }, teacher.body.token);
      expect(started.status).toBe(201);
      const inside = { ...pointNorthOf(CENTRE.latitude, CENTRE.longitude, 30), accuracy: 12 };
      expect((await postJson(`${url}/api/mark_attendance`, inside, token)).body).toMatchObject({ geofencing_status: 'valid' });
      const marked = await postJson(`${url}/api/mark_attendance`, { ...inside, face_verified: true }, token);
      expect(marked.body).toMatchObject({ status: 'present', face_recognition_status: 'verified' });
    } finally {
      await server.stop();
    }

    const csv = path.join(install.dir, 'attendance.csv');
    const exported = await install.run(['export', '--out', csv]);
    expect(exported, exported.err).toMatchObject({ code: 0 });
    const lines = fs.readFileSync(csv, 'utf8').trim().split('\r\n');
    expect(lines[0]).toContain(MSG.admin.detailColumns.join(','));
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(/^teacher,aoc,.*,present,/);
    // /usr/bin was hidden, so the face check decoded with the ffmpeg the executable carries
    expect(fs.existsSync(path.join(buildDir, 'ffmpeg/ffmpeg'))).toBe(true);
  }, 240_000);

  it('a second start writes nothing to the cache folder; a damaged or foreign file there is replaced, not loaded', async () => {
    const before = snapshot(buildDir);
    expect((await install.run(['migrate'])).code).toBe(0);
    expect(snapshot(buildDir)).toEqual(before);

    const addon = path.join(buildDir, 'native/better_sqlite3.node');
    const model = path.join(buildDir, 'human-models/facemesh.bin');
    const original = { addon: sha(addon), model: sha(model) };
    // the same size, other bytes: a damaged file; a symlink to someone else's file: a foreign one
    fs.writeFileSync(addon, Buffer.alloc(fs.statSync(addon).size, 0x90));
    const foreign = path.join(install.dir, 'foreign.bin');
    fs.writeFileSync(foreign, 'not a model');
    fs.rmSync(model);
    fs.symlinkSync(foreign, model);

    const after = await install.run(['migrate']);
    expect(after, after.err).toMatchObject({ code: 0 });
    expect(after.out).toMatch(/Database is up to date/);
    expect(sha(addon)).toBe(original.addon);
    expect(fs.lstatSync(model).isSymbolicLink()).toBe(false);
    expect(sha(model)).toBe(original.model);
    expect(fs.readFileSync(foreign, 'utf8')).toBe('not a model');
  }, 300_000);

  it("answers --version, --help and each command's --help with its options; refuses an unknown command", async () => {
    const version = await install.run(['--version']);
    expect(version.out).toMatch(/^roll-call \d+\.\d+\.\d+ \(build [0-9a-f]{16}, node 20\./);
    const help = await install.run(['--help']);
    for (const command of ['serve', 'create-user', 'migrate', 'seed', 'export', 'backup', 'restore']) expect(help.out).toContain(`  ${command} `);
    const options = {
      'create-user': ['--role', '--email', '--password', '--department'],
      export: ['--out', '--from', '--mode'],
      backup: ['--out'],
      restore: ['--from'],
      seed: ['--students', '--faces'],
    };
    for (const [command, flags] of Object.entries(options)) {
      const r = await install.run([command, '--help']);
      expect(r.code).toBe(0);
      for (const flag of flags) expect(r.out, command).toContain(flag);
    }
    const unknown = await install.run(['bogus']);
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown command 'bogus'/);
  }, 300_000);
});

describe.skipIf(!!why)('the single executable, unpacked where an operator leaves it (~/.cache/roll-call)', () => {
  let install: ReturnType<typeof isolatedInstall>;
  beforeAll(() => {
    ensureBinary();
    // No XDG_CACHE_HOME: the cache folder is $HOME/.cache/roll-call, a path with a dot folder in it.
    install = isolatedInstall({ JWT_SECRET: TEST_JWT_SECRET, XDG_CACHE_HOME: '' });
  }, 300_000);
  afterAll(() => install?.remove());

  it("answers the landing page, every page of the app and a deep link with the app's HTML, and a missing script with 404", async () => {
    const port = await freePort();
    Object.assign(install.env, { PORT: String(port), HOST: '127.0.0.1' });
    const server = serve(install, port);
    const url = await server.ready;
    try {
      expect(fs.existsSync(path.join(install.env.HOME, '.cache/roll-call'))).toBe(true);
      const landing = await fetch(`${url}/`);
      expect(landing.status).toBe(200);
      const entryScript = (await landing.text()).match(/src="(\/assets\/index-[^"]+\.js)"/)?.[1];
      expect(entryScript).toBeTruthy();
      // every route of the app (route-modules.json lists each but the landing page), a trailing slash, a query, and
      // a path the app does not know (its own 404 page, rendered by the client)
      const pages = ['/', ...Object.keys(ROUTE_MODULES), '/student-dashboard/', '/admin-dashboard/messages?page=2', '/no-such-page'];
      for (const page of pages) {
        const res = await fetch(`${url}${page}`);
        expect(res.status, page).toBe(200);
        expect(res.headers.get('content-type'), page).toMatch(/^text\/html/);
        const html = await res.text();
        expect(html, page).toContain('<div id="root">');
        expect(html, page).toContain(`src="${entryScript}"`);
      }
      const script = await fetch(`${url}${entryScript}`);
      expect(script.status).toBe(200);
      expect(script.headers.get('content-type')).toMatch(/javascript/);
      for (const missing of ['/assets/index-00000000.js', '/favicon.ico']) {
        const res = await fetch(`${url}${missing}`);
        expect(res.status, missing).toBe(404);
        expect(await res.text(), missing).toBe(MSG.notFound);
      }
    } finally {
      await server.stop();
    }
  }, 240_000);
});
