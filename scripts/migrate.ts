import { connectDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';

const config = loadConfig();
const db = connectDatabase(config.database);
try {
  const applied = await migrateToLatest(db);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date.');
  console.log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : config.databaseFile}`);
} catch (err) {
  console.error((err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
