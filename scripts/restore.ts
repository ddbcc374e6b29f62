import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/server/env';
import { OpsRefused } from '../src/server/ops/backup-database';
import { restoreDatabase } from '../src/server/ops/restore-database';
import { refuseUnlessSqlite } from '../src/server/ops/sqlite-checks';
import { commandOf, usageOf } from '../src/server/lib/install-layout';

const USAGE = usageOf('restore', '--from FILE   (stop the server first)');
const { values } = parseArgs({ options: { from: { type: 'string' } } });
if (!values.from) {
  console.error(USAGE);
  process.exit(2);
}
const notSqlite = refuseUnlessSqlite(commandOf('restore'));
if (notSqlite) {
  console.error(notSqlite);
  process.exit(1);
}

const config = loadConfig();
try {
  const r = restoreDatabase(config.databaseFile, path.resolve(values.from));
  console.log(`Restored ${config.databaseFile} from ${path.resolve(values.from)} (integrity_check ok, schema ${r.schema.latest}).`);
  if (r.schema.pending.length)
    console.log(`  ${r.schema.pending.length} newer migration(s) will be applied when the server starts: ${r.schema.pending.join(', ')}`);
  console.log(r.keptAside ? `  The previous database was kept as ${r.keptAside}` : '  There was no previous database.');
} catch (err) {
  console.error(err instanceof OpsRefused ? `Refused: ${err.message}` : `Restore failed: ${(err as Error).message}`);
  process.exitCode = 1;
}
