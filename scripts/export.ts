import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { sql } from 'kysely';
import { ZAttendanceFilter } from '../src/shared/schemas/admin';
import { connectDatabase } from '../src/server/db/connect';
import { migrateToLatest } from '../src/server/db/migrate';
import { loadConfig } from '../src/server/env';
import { DomainError, parseInput } from '../src/server/lib/errors';
import { resolveDepartment } from '../src/server/services/accounts/index';
import { filteredRecords, detailCsvStream } from '../src/server/services/reports/index';
import { usageOf } from '../src/server/lib/install-layout';

const USAGE = usageOf(
  'export',
  '--out F.csv [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--department NAME|ID] [--teacher ID] [--student ID] [--mode offline|online]',
);

/** `npm run export`: the admin detail CSV (same module as the download), streamed to a file; prints the row count. */
const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    from: { type: 'string' },
    to: { type: 'string' },
    department: { type: 'string' },
    teacher: { type: 'string' },
    student: { type: 'string' },
    mode: { type: 'string' },
  },
});
if (!values.out) {
  console.error(USAGE);
  process.exit(2);
}

const config = loadConfig();
const db = connectDatabase(config.database);
try {
  await migrateToLatest(db);
  const filter = parseInput(ZAttendanceFilter, {
    start_date: values.from,
    end_date: values.to,
    department_id: values.department ? await resolveDepartment({ db }, values.department) : undefined,
    teacher: values.teacher,
    student: values.student,
    mode: values.mode,
  });
  const { n } = await filteredRecords(db, filter).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const bar = new cliProgress.SingleBar(
    { format: 'Exporting [{bar}] {percentage}% | {value}/{total} rows | {eta}s left', stream: process.stderr },
    cliProgress.Presets.shades_classic,
  );
  if (process.stderr.isTTY) bar.start(Number(n), 0);
  let rows = 0;
  const started = Date.now();
  await pipeline(
    detailCsvStream({ db }, filter, (k) => {
      rows += k;
      if (process.stderr.isTTY) bar.update(rows);
    }),
    fs.createWriteStream(values.out),
  );
  bar.stop();
  console.log(`Exported ${rows} rows to ${values.out} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (err) {
  console.error(err instanceof DomainError ? `Refused: ${err.message}` : (err as Error).message);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
