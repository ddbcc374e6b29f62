import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { OpsRefused } from './backup-database';
import { hasSqliteHeader, integrityOf, schemaStateOf } from './sqlite-checks';

const SIDE_FILES = ['-wal', '-shm', '-journal'];
const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');

/**
 * Takes the live database for ourselves, or refuses. SQLite's own locking tells whether any other process has the
 * file open (a running server always does): leaving WAL mode needs the only connection, so `journal_mode = DELETE`
 * fails with SQLITE_BUSY while another connection exists. When it succeeds, the WAL has been checkpointed into the
 * main file and the -wal and -shm files removed: the old file is then complete on its own. The connection is kept,
 * with an exclusive lock, until the swap is done, so nothing can write to the old file between the check and the swap.
 */
function takeLiveDatabase(liveFile: string): SQLite.Database | null {
  if (!fs.existsSync(liveFile)) return null;
  let live: SQLite.Database | undefined;
  try {
    live = new SQLite(liveFile, { fileMustExist: true });
    live.pragma('busy_timeout = 0');
    const mode = live.pragma('journal_mode = DELETE', { simple: true });
    if (mode !== 'delete') throw Object.assign(new Error(`journal mode stayed ${mode}`), { code: 'SQLITE_BUSY' });
    live.pragma('locking_mode = EXCLUSIVE');
    live.exec('begin exclusive');
    return live;
  } catch (err) {
    live?.close();
    const code = String((err as { code?: string }).code ?? '');
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      throw new OpsRefused(`${liveFile} is in use by another process (a running server?): stop the server, then restore. Nothing was changed.`);
    }
    // A damaged live file is a reason to restore, not to refuse: it is set aside as it is, with its side files.
    return null;
  }
}

/** Checks a backup copy as it will be used: integrity, and a schema this version knows. */
function checkCopy(file: string, label: string) {
  if (!hasSqliteHeader(file)) throw new OpsRefused(`${label} is not a SQLite database. Nothing was changed.`);
  let copy: SQLite.Database | undefined;
  try {
    copy = new SQLite(file, { fileMustExist: true });
    const integrity = integrityOf(copy);
    if (integrity !== 'ok') throw new OpsRefused(`${label} fails PRAGMA integrity_check (${integrity}). Nothing was changed.`);
    const schema = schemaStateOf(copy);
    if (!schema.ok) throw new OpsRefused(`${label} cannot be restored: ${schema.problem}. Nothing was changed.`);
    copy.pragma('journal_mode = DELETE'); // fold a copied -wal in: the file is then whole on its own
    return schema;
  } catch (err) {
    if (err instanceof OpsRefused) throw err;
    throw new OpsRefused(`${label} cannot be read as a database (${(err as Error).message}). Nothing was changed.`);
  } finally {
    copy?.close();
  }
}

/**
 * Replaces the live database by a backup. The backup (and its -wal, if it was copied with one) is first copied
 * beside the live file and checked there, so neither the backup nor the live file is touched until it passes; the
 * live file is then set aside as roll-call.sqlite.before-restore-<time> and the checked copy renamed into place
 * (one directory: an atomic rename). Refuses, changing nothing, while another process has the live file open.
 */
export function restoreDatabase(liveFile: string, fromFile: string, now = new Date()) {
  if (!fs.existsSync(fromFile) || !fs.statSync(fromFile).isFile()) throw new OpsRefused(`No backup file at ${fromFile}.`);
  const staging = `${liveFile}.restoring-${process.pid}`;
  const keptAside = `${liveFile}.before-restore-${stamp(now)}`;
  const cleanStaging = () => {
    for (const s of ['', ...SIDE_FILES]) fs.rmSync(staging + s, { force: true });
  };
  fs.mkdirSync(path.dirname(liveFile), { recursive: true, mode: 0o700 });
  cleanStaging();
  try {
    fs.copyFileSync(fromFile, staging);
    fs.chmodSync(staging, 0o600);
    if (fs.existsSync(`${fromFile}-wal`)) fs.copyFileSync(`${fromFile}-wal`, `${staging}-wal`);
    const schema = checkCopy(staging, fromFile);
    const live = takeLiveDatabase(liveFile);
    let aside: string | null = null;
    try {
      if (fs.existsSync(liveFile)) {
        for (const s of ['', ...SIDE_FILES]) if (fs.existsSync(liveFile + s)) fs.renameSync(liveFile + s, keptAside + s);
        aside = keptAside;
      }
      fs.renameSync(staging, liveFile);
    } finally {
      live?.close();
    }
    return { keptAside: aside, schema };
  } finally {
    cleanStaging();
  }
}
