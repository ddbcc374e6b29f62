/**
 * The operator commands the single executable carries: each is the same script `npm run <name>` runs, imported
 * only when chosen. `serve` is the default.
 */
export interface Command {
  summary: string;
  usage: string;
  run: () => Promise<unknown>;
}

const ENV_NOTE = 'Reads the same environment as the server: DATA_DIR (default ./data), DATABASE_URL, JWT_SECRET...';

export const COMMANDS: Record<string, Command> = {
  serve: {
    summary: 'run the server (the default); migrates the database first',
    usage: `roll-call [serve]
  Environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (postgres://...; unset: SQLite in DATA_DIR),
  UPLOADS_DIR, JWT_SECRET, TOKEN_TTL, SESSION_MINUTES, FACE_* , TRUST_PROXY, CAMPUS_NETWORKS... (see the README).`,
    run: () => import('@server/main'),
  },
  'create-user': {
    summary: 'create an active admin, teacher or student account',
    usage: `roll-call create-user --role admin|teacher|student --email E --password P [--username U] [--department NAME]
  ${ENV_NOTE}`,
    run: () => import('../create-user'),
  },
  migrate: {
    summary: 'apply pending database migrations (the server also does at start)',
    usage: `roll-call migrate
  ${ENV_NOTE}`,
    run: () => import('../migrate'),
  },
  seed: {
    summary: 'fill an empty database with demo data',
    usage: `roll-call seed [--students N] [--teachers N] [--departments N] [--days N] [--sessions-per-day N]
               [--faces DIR] [--password P] [--force]
  ${ENV_NOTE}`,
    run: () => import('../seed'),
  },
  export: {
    summary: 'write the attendance detail CSV to a file',
    usage: `roll-call export --out F.csv [--from YYYY-MM-DD] [--to YYYY-MM-DD] [--department NAME|ID] [--teacher ID]
                 [--student ID] [--mode offline|online]
  ${ENV_NOTE}`,
    run: () => import('../export'),
  },
  backup: {
    summary: 'copy the SQLite database to a file (safe while the server runs)',
    usage: `roll-call backup --out FILE
  SQLite only (DATA_DIR); on PostgreSQL use pg_dump. Copy the uploads folder and DATA_DIR/jwt-secret as well.`,
    run: () => import('../backup'),
  },
  restore: {
    summary: 'replace the SQLite database with a backup (stop the server first)',
    usage: `roll-call restore --from FILE
  SQLite only (DATA_DIR); on PostgreSQL use pg_restore. The previous database is kept aside.`,
    run: () => import('../restore'),
  },
};
