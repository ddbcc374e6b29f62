import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '@server/app';
import { buildDeps } from '@server/bootstrap';
import type { DB } from '@server/db/connect';
import type { AppDeps } from '@server/deps';
import { loadConfig } from '@server/env';
import type { FaceEngine } from '@server/face/index';
import type { ChallengeSource } from '@server/infra/challenge-source';
import type { Clock } from '@server/lib/clock';

export interface AppServer {
  url: string;
  dataDir: string;
  db: DB;
  deps: AppDeps;
  /** Stops the server and its engine, closes the database and removes the data folder. */
  close(): Promise<void>;
}

/**
 * The app in this process on an ephemeral port over a fresh data folder (a SQLite file there unless `env` names a
 * DATABASE_URL), configured by `env` as main.ts is by the environment; the face engine starts on first use. For
 * callers that reach into the server (its deps, its database, an injected clock or engine): the tests' test server
 * and the live-check benchmarks. A server in a process of its own is server-process.ts's.
 */
export async function startAppServer(
  env: Record<string, string>,
  opts: { clock?: Clock; face?: FaceEngine; challengeSource?: ChallengeSource } = {},
): Promise<AppServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'rollcall-app-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', ...env });
  const deps = await buildDeps(config, { clock: opts.clock, face: opts.face, lazyFace: true, challengeSource: opts.challengeSource });
  const server = createApp(deps).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir,
    db: deps.db,
    deps,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.attempts.flush();
      if (!opts.face) await deps.face.close();
      deps.sessions.stop();
      deps.warnings.stop();
      deps.mail.stop();
      await deps.db.destroy();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
