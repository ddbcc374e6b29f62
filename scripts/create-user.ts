import { parseArgs } from 'node:util';
import { ROLES, type Role } from '../src/shared/constants';
import { connectDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';
import { systemClock } from '../src/server/lib/clock';
import { DomainError } from '../src/server/lib/errors';
import { createActiveUser } from '../src/server/services/accounts/index';
import { usageOf } from '../src/server/lib/install-layout';

const USAGE = usageOf('create-user', '--role admin|teacher|student --email E --password P [--username U] [--department NAME]');

const { values } = parseArgs({
  options: {
    role: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    username: { type: 'string' },
    department: { type: 'string' },
  },
});
if (!values.role || !ROLES.includes(values.role as Role) || !values.email || !values.password) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const db = connectDatabase(config.database);
try {
  await migrateToLatest(db);
  const user = await createActiveUser(
    { db, clock: systemClock },
    { role: values.role as Role, email: values.email, password: values.password, username: values.username, department: values.department },
  );
  console.log(`Created active ${user.role} #${user.id} ${user.username} <${user.email}>`);
} catch (err) {
  console.error(err instanceof DomainError ? `Refused: ${err.message}` : (err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
