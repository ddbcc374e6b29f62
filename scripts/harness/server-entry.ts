import { createApp } from '@server/app';
import { buildDeps } from '@server/bootstrap';
import { loadConfig } from '@server/env';
import { startTimers, stopApp } from '@server/bootstrap';

/** The app in its own process as in production, on any free port: prints its URL as one JSON line once it listens. */
const config = loadConfig();
const deps = await buildDeps(config, { lazyFace: true });
startTimers(deps);
const server = createApp(deps).listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
process.on('SIGTERM', () => {
  // unlike production, connections still open (a burst's, a client's keep-alive sockets) are cut: the caller is done
  server.closeAllConnections();
  stopApp(server, deps);
});
