import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/env';
import { backupDatabase, OpsRefused } from '../src/server/ops/backup-database';
import { terminalProgress } from '../src/server/ops/progress-bar';
import { refuseUnlessSqlite } from '../src/server/ops/sqlite-checks';
import { commandOf, usageOf } from '../src/server/lib/install-layout';

const USAGE = usageOf('backup', '--out FILE   (safe while the server runs)');
const { values } = parseArgs({ options: { out: { type: 'string' } } });
if (!values.out) {
  console.error(USAGE);
  process.exit(2);
}
const notSqlite = refuseUnlessSqlite(commandOf('backup'));
if (notSqlite) {
  console.error(notSqlite);
  process.exit(1);
}

const config = loadConfig();
const bar = terminalProgress();
let started = false;
try {
  const r = await backupDatabase(config.databaseFile, path.resolve(values.out), (done, total) => {
    if (!started) bar.start('backup', total);
    started = true;
    bar.update(done, total);
  });
  bar.stop();
  const schema = r.schema.ok ? `schema ${r.schema.latest}` : `schema: ${r.schema.problem}`;
  console.log(`Backed up ${config.databaseFile} as of ${r.snapshotAt.toISOString()} to ${r.file}`);
  console.log(`  ${(r.bytes / 1e6).toFixed(1)} MB, ${r.pages} pages in ${(r.ms / 1000).toFixed(2)} s; integrity_check ${r.integrity}; ${schema}`);
  console.log(`  Not in this file: face images (${config.uploadsDir}) and the JWT secret (${path.join(config.dataDir, 'jwt-secret')}); copy them too.`);
} catch (err) {
  bar.stop();
  console.error(err instanceof OpsRefused ? `Refused: ${err.message}` : `Backup failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
