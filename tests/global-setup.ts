import { spawnSync } from 'node:child_process';
import path from 'node:path';

/**
 * Browser tests need the built client; build it once per run (vite build takes a few seconds), unless the caller has
 * (SKIP_CLIENT_BUILD: `npm test` builds it beside the type check, a core each). At the end, says when the PostgreSQL
 * pass did not run (vitest.config.ts runs it only where TEST_DATABASE_URL is set).
 */
export default function setup() {
  const teardown = () => {
    // Once per run, though each project that inherits this setup calls its teardown.
    const said = globalThis as { rollcallSaidSkip?: boolean };
    if (!process.env.TEST_DATABASE_URL && !said.rollcallSaidSkip) {
      said.rollcallSaidSkip = true;
      console.log('\nPostgreSQL pass skipped: TEST_DATABASE_URL is not set (.ci/run sets it).');
    }
  };
  // Once per run: the PostgreSQL pass inherits this setup too.
  const built = globalThis as { rollcallClientBuilt?: boolean };
  if (process.env.SKIP_CLIENT_BUILD || built.rollcallClientBuilt) return teardown;
  built.rollcallClientBuilt = true;
  const root = path.resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed: the browser tests need the client');
  return teardown;
}
