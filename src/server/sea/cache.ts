import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** One file the executable carries as an asset and must write to disk before use (a native addon, a model...). */
export interface CacheEntry {
  /** the SEA asset key */
  asset: string;
  /** where it goes, relative to the build's cache folder */
  path: string;
  sha256: string;
  size: number;
  mode: number;
  /** `core` is written at every start; `ffmpeg` only when the system has no ffmpeg */
  group: 'core' | 'ffmpeg';
}

export interface Manifest {
  version: string;
  /** hash of everything the executable carries: the cache folder's name */
  build: string;
  entries: CacheEntry[];
}

/** `$XDG_CACHE_HOME/roll-call` (an absolute XDG_CACHE_HOME only, as the XDG spec says), else `~/.cache/roll-call`. */
export function cacheRoot(env: NodeJS.ProcessEnv = process.env): string {
  const xdg = env.XDG_CACHE_HOME;
  return path.join(xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.cache'), 'roll-call');
}

export const sha256 = (data: Uint8Array) => crypto.createHash('sha256').update(data).digest('hex');

/**
 * A folder only this user may write: anyone else who could write there could swap a native addon we are about to
 * load. Made if missing; a symlink or another user's folder is refused; group or world write is taken away.
 */
function ownFolder(dir: string) {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = fs.lstatSync(dir);
  if (!st.isDirectory()) throw new Error(`${dir} is not a folder: remove it, or set XDG_CACHE_HOME elsewhere`);
  if (typeof process.getuid === 'function' && st.uid !== process.getuid())
    throw new Error(`${dir} belongs to another user: set XDG_CACHE_HOME to a folder of this user`);
  if (st.mode & 0o022) fs.chmodSync(dir, st.mode & 0o755);
}

/** Each folder between the build's folder and the file is a real folder of ours; anything else there is removed. */
function ensureParents(buildDir: string, rel: string) {
  let dir = buildDir;
  for (const part of path
    .dirname(rel)
    .split('/')
    .filter((p) => p && p !== '.')) {
    dir = path.join(dir, part);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (st && !st.isDirectory()) fs.rmSync(dir, { force: true });
    if (!st?.isDirectory()) fs.mkdirSync(dir, { mode: 0o700 });
  }
}

/** True when the file is a regular file of ours with the expected size, mode and content. */
function intact(file: string, e: CacheEntry): boolean {
  const st = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!st?.isFile() || st.size !== e.size || (st.mode & 0o777) !== e.mode) return false;
  if (typeof process.getuid === 'function' && st.uid !== process.getuid()) return false;
  return sha256(fs.readFileSync(file)) === e.sha256;
}

/** Written beside the target and renamed over it: a reader sees the old file or the whole new one, never half. */
function writeAtomically(file: string, data: Uint8Array, mode: number) {
  const st = fs.lstatSync(file, { throwIfNoEntry: false });
  if (st?.isDirectory()) fs.rmSync(file, { recursive: true, force: true });
  const tmp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(tmp, data, { mode, flag: 'wx' });
  fs.chmodSync(tmp, mode);
  fs.renameSync(tmp, file);
}

/**
 * Makes `buildDir` hold exactly the carried bytes of each entry: a file already there is kept only when its hash
 * matches (so a second start writes nothing), a damaged, foreign or missing one is written from the asset.
 * Returns the paths it wrote.
 */
export function prepareCache(buildDir: string, entries: CacheEntry[], readAsset: (key: string) => Uint8Array): string[] {
  ownFolder(path.dirname(buildDir));
  ownFolder(buildDir);
  const written: string[] = [];
  for (const e of entries) {
    const file = path.join(buildDir, e.path);
    if (!file.startsWith(buildDir + path.sep)) throw new Error(`cache entry outside its folder: ${e.path}`);
    // parents first: a file reached through a symlinked folder is not ours, whatever its bytes
    ensureParents(buildDir, e.path);
    if (intact(file, e)) continue;
    const data = readAsset(e.asset);
    if (sha256(data) !== e.sha256) throw new Error(`the executable is damaged: asset ${e.asset} does not match its hash`);
    writeAtomically(file, data, e.mode);
    written.push(e.path);
  }
  return written;
}

/** A build folder not used for this long is another version's leftover (each holds ~40 MB). */
export const UNUSED_BUILD_MS = 14 * 24 * 3600_000;

/**
 * Marks this build's folder as used now and removes the folders of other builds unused for UNUSED_BUILD_MS: an
 * upgrade leaves the old version's folder behind, and a version still running is restarted long before then.
 * Returns the folders removed.
 */
export function pruneOtherBuilds(buildDir: string, now = new Date()): string[] {
  fs.utimesSync(buildDir, now, now);
  const root = path.dirname(buildDir);
  const removed: string[] = [];
  for (const d of fs.readdirSync(root, { withFileTypes: true })) {
    const dir = path.join(root, d.name);
    if (!d.isDirectory() || dir === buildDir || !/^[0-9a-f]{16}$/.test(d.name)) continue;
    if (now.getTime() - fs.statSync(dir).mtimeMs < UNUSED_BUILD_MS) continue;
    fs.rmSync(dir, { recursive: true, force: true });
    removed.push(d.name);
  }
  return removed;
}
