import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { loadConfig } from './env';
import { logger, prettyLogsAtTerminal } from './lib/logger';
import { startTimers, stopApp } from './bootstrap';

/** The only file that starts things: config, database, face engine, then the HTTP listener. */
async function main() {
  await prettyLogsAtTerminal();
  const config = loadConfig();
  const started = Date.now();
  const deps = await buildDeps(config);
  startTimers(deps);
  const server = createApp(deps).listen(config.port, config.host, () => {
    logger.info(
      `Roll Call listening on http://localhost:${config.port} (data in ${config.dataDir}, database ${config.databaseUrl ? 'PostgreSQL' : 'SQLite'}, ready in ${Date.now() - started} ms)`,
    );
  });
  const shutdown = () => {
    stopApp(server, deps);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  logger.fatal(err instanceof Error ? err.message : String(err));
  process.exit(1);
});
