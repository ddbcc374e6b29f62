import { createApp } from '../../src/server/app';
import { buildDeps } from '../../src/server/bootstrap';
import { loadConfig } from '../../src/server/env';

/** A test server in its own process (as in production): prints its URL as one JSON line once it listens. */
const config = loadConfig();
const deps = await buildDeps(config, { lazyFace: true });
deps.sessions.start();
const server = createApp(deps).listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => {
  server.closeAllConnections();
  server.close();
  deps.sessions.stop();
  void deps.attempts
    .flush()
    .then(() => Promise.allSettled([deps.face.close(), deps.db.destroy()]))
    .then(() => process.exit(0));
});
