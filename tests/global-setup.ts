import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** Browser tests need the built client; build it once per run (vite build takes a few seconds). */
export default function setup() {
  if (process.env.SKIP_CLIENT_BUILD) return;
  const root = path.resolve(import.meta.dirname, '..');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('vite build failed: the browser tests need the client');
}
