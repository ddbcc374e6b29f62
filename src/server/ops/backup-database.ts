import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { integrityOf, schemaStateOf } from './sqlite-checks';

export class OpsRefused extends Error {}

/** Pages per backup step: 1,000 pages (4 MB) between progress reports. */
const PAGES_PER_STEP = 1000;

/**
 * A consistent copy of the live database while the server keeps writing, with SQLite's online backup API
 * (better-sqlite3's db.backup()). The source connection first opens a read transaction: in WAL mode that pins one
 * snapshot, so every step copies the same moment and writes committed meanwhile (by the server, another process)
 * neither restart the copy nor tear it. Everything committed before the call is in the copy.
 * The copy is written beside the target, switched to a single file (journal_mode DELETE: no -wal to carry along),
 * checked (integrity_check, migrations table), made private (0600) and only then put at `outFile`.
 */
export async function backupDatabase(sourceFile: string, outFile: string, onProgress: (done: number, total: number) => void = () => {}) {
  if (!fs.existsSync(sourceFile)) throw new OpsRefused(`No database at ${sourceFile}.`);
  if (fs.existsSync(outFile)) throw new OpsRefused(`${outFile} already exists: choose another name (a backup never overwrites a file).`);
  if (!fs.existsSync(path.dirname(path.resolve(outFile)))) throw new OpsRefused(`The folder of ${outFile} does not exist.`);
  const started = performance.now();
  const partial = `${outFile}.partial-${process.pid}`;
  const source = new SQLite(sourceFile, { fileMustExist: true });
  try {
    fs.closeSync(fs.openSync(partial, 'wx', 0o600)); // faces and password hashes: private from the first byte
    source.pragma('busy_timeout = 5000');
    source.exec('begin');
    source.prepare('select count(*) from sqlite_master').get(); // the read that pins the snapshot
    const snapshotAt = new Date();
    const result = await source.backup(partial, {
      progress: ({ totalPages, remainingPages }) => {
        onProgress(totalPages - remainingPages, totalPages);
        return PAGES_PER_STEP;
      },
    });
    source.exec('commit');
    onProgress(result.totalPages, result.totalPages);
    const copy = new SQLite(partial);
    let integrity: string;
    let schema: ReturnType<typeof schemaStateOf>;
    try {
      copy.pragma('journal_mode = DELETE');
      integrity = integrityOf(copy);
      schema = schemaStateOf(copy);
    } finally {
      copy.close();
    }
    if (integrity !== 'ok') throw new Error(`The copy failed PRAGMA integrity_check: ${integrity}`);
    fs.linkSync(partial, outFile); // fails rather than overwrite a file made meanwhile
    return { file: outFile, bytes: fs.statSync(outFile).size, pages: result.totalPages, snapshotAt, ms: performance.now() - started, integrity, schema };
  } finally {
    if (source.inTransaction) source.exec('rollback');
    source.close();
    for (const f of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(f, { force: true });
  }
}
