import type { Server } from 'node:http';
import type { AppDeps } from './deps';

/**
 * Stops a running app in its order: no new connections, the session timer stopped, the buffered attempt log written,
 * then the face engine and the database closed; the process exits once they are. The production server (main.ts)
 * and the harness's server process (scripts/harness/server-entry.ts) both stop through here, so a server a test or a
 * benchmark starts stops as a school's does.
 */
export function stopApp(server: Server, deps: Pick<AppDeps, 'sessions' | 'attempts' | 'face' | 'db'>) {
  server.close();
  deps.sessions.stop();
  void deps.attempts
    .flush()
    .then(() => Promise.allSettled([deps.face.close(), deps.db.destroy()]))
    .then(() => process.exit(0));
}
