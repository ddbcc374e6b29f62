import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CacheEntry, cacheRoot, prepareCache, pruneOtherBuilds, sha256, UNUSED_BUILD_MS } from './cache';

const assets: Record<string, Uint8Array> = { a: Buffer.from('native addon bytes'), b: Buffer.from('a model'), c: Buffer.from('#!ffmpeg') };
const entry = (asset: string, p: string, mode = 0o644): CacheEntry => ({
  asset,
  path: p,
  sha256: sha256(assets[asset]),
  size: assets[asset].length,
  mode,
  group: 'core',
});
const ENTRIES = [entry('a', 'native/addon.node'), entry('b', 'models/m.bin'), entry('c', 'ffmpeg/ffmpeg', 0o755)];
const read = (key: string) => assets[key];

describe('the single executable cache folder', () => {
  let root: string;
  let dir: string;
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-cache-'));
    dir = path.join(root, 'roll-call', 'build1');
  });
  afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

  it('writes every file once with its mode in folders only its user may enter; a second pass writes nothing', () => {
    expect(prepareCache(dir, ENTRIES, read)).toEqual(ENTRIES.map((e) => e.path));
    for (const e of ENTRIES) {
      expect(fs.readFileSync(path.join(dir, e.path))).toEqual(Buffer.from(assets[e.asset]));
      expect(fs.statSync(path.join(dir, e.path)).mode & 0o777).toBe(e.mode);
    }
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.dirname(dir)).mode & 0o777).toBe(0o700);
    expect(prepareCache(dir, ENTRIES, read)).toEqual([]);
  });

  it('replaces a damaged file, a symlink (leaving its target alone), a folder in a file’s place and a wrong mode', () => {
    prepareCache(dir, ENTRIES, read);
    fs.writeFileSync(path.join(dir, 'native/addon.node'), 'native addon BYTES');
    const target = path.join(root, 'someone-elses');
    fs.writeFileSync(target, 'keep me');
    fs.rmSync(path.join(dir, 'models/m.bin'));
    fs.symlinkSync(target, path.join(dir, 'models/m.bin'));
    fs.chmodSync(path.join(dir, 'ffmpeg/ffmpeg'), 0o777);

    expect(prepareCache(dir, ENTRIES, read).sort()).toEqual(ENTRIES.map((e) => e.path).sort());
    expect(fs.readFileSync(path.join(dir, 'native/addon.node'), 'utf8')).toBe('native addon bytes');
    expect(fs.lstatSync(path.join(dir, 'models/m.bin')).isSymbolicLink()).toBe(false);
    expect(fs.readFileSync(target, 'utf8')).toBe('keep me');
    expect(fs.statSync(path.join(dir, 'ffmpeg/ffmpeg')).mode & 0o777).toBe(0o755);

    // a symlinked folder holding a perfect copy: still not ours
    fs.copyFileSync(path.join(dir, 'models/m.bin'), path.join(root, 'm.bin'));
    fs.rmSync(path.join(dir, 'models'), { recursive: true });
    fs.symlinkSync(root, path.join(dir, 'models'));
    expect(prepareCache(dir, ENTRIES, read)).toEqual(['models/m.bin']);
    expect(fs.lstatSync(path.join(dir, 'models')).isDirectory()).toBe(true);
    expect(fs.readFileSync(path.join(root, 'm.bin'), 'utf8')).toBe('a model');
  });

  it('refuses a damaged executable (an asset that does not match its hash) and an entry outside its folder', () => {
    expect(() => prepareCache(dir, [{ ...ENTRIES[0], sha256: sha256(Buffer.from('other')) }], read)).toThrow(/executable is damaged/);
    expect(fs.existsSync(path.join(dir, 'native/addon.node'))).toBe(false);
    expect(() => prepareCache(dir, [{ ...ENTRIES[1], path: '../elsewhere.bin' }], read)).toThrow(/outside its folder/);
    expect(fs.existsSync(path.join(root, 'roll-call', 'elsewhere.bin'))).toBe(false);
  });

  it.skipIf(process.getuid?.() !== 0)('refuses a cache folder that belongs to another user', () => {
    fs.mkdirSync(dir, { recursive: true });
    fs.chownSync(dir, 65534, 65534);
    expect(() => prepareCache(dir, ENTRIES, read)).toThrow(/belongs to another user/);
  });

  it("removes other builds' folders unused for two weeks, keeps recent ones and anything not a build's", () => {
    const now = new Date('2026-12-01T00:00:00Z');
    const mk = (name: string, ageMs: number) => {
      const d = path.join(root, 'roll-call', name);
      fs.mkdirSync(d, { recursive: true });
      const t = new Date(now.getTime() - ageMs);
      fs.utimesSync(d, t, t);
    };
    prepareCache(dir.replace('build1', 'aaaaaaaaaaaaaaaa'), ENTRIES, read);
    const current = path.join(root, 'roll-call', 'aaaaaaaaaaaaaaaa');
    fs.utimesSync(current, new Date(0), new Date(0));
    mk('0123456789abcdef', UNUSED_BUILD_MS + 1000);
    mk('fedcba9876543210', UNUSED_BUILD_MS - 60_000);
    mk('not-a-build', UNUSED_BUILD_MS * 2);
    expect(pruneOtherBuilds(current, now)).toEqual(['0123456789abcdef']);
    expect(fs.readdirSync(path.join(root, 'roll-call')).sort()).toEqual(['aaaaaaaaaaaaaaaa', 'fedcba9876543210', 'not-a-build']);
    expect(fs.statSync(current).mtimeMs).toBe(now.getTime());
  });

  it('lives under an absolute XDG_CACHE_HOME, else under ~/.cache', () => {
    expect(cacheRoot({ XDG_CACHE_HOME: '/var/cache/x' })).toBe('/var/cache/x/roll-call');
    expect(cacheRoot({ XDG_CACHE_HOME: 'relative' })).toBe(path.join(os.homedir(), '.cache', 'roll-call'));
    expect(cacheRoot({})).toBe(path.join(os.homedir(), '.cache', 'roll-call'));
  });
});
