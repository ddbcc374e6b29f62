import { createApp } from './app';
import { buildDeps } from './bootstrap';
import { loadConfig } from './env';
import { startSessionSweeper } from './services/session-expiry';

/** The only file that starts things: config, database, face engine, then the HTTP listener. */
async function main() {
  const config = loadConfig();
  const started = Date.now();
  const deps = await buildDeps(config);
  startSessionSweeper(deps);
  const server = createApp(deps).listen(config.port, config.host, () => {
    console.log(`Roll Call listening on http://localhost:${config.port} (data in ${config.dataDir}, ready in ${Date.now() - started} ms)`);
  });
  const shutdown = () => {
    server.close();
    void deps.attempts
      .flush()
      .then(() => Promise.allSettled([deps.face.close(), deps.db.destroy()]))
      .then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
