import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/** `npm start`: rebuild the client when dist/client is missing or older than its sources, then run the server. */
const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist/client/index.html');

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

const sources = ['src/client', 'src/shared', 'vite.config.ts', 'package.json'].map((p) => newestMtime(path.join(root, p)));
const built = fs.existsSync(builtIndex) ? fs.statSync(builtIndex).mtimeMs : 0;
if (built < Math.max(...sources)) {
  console.log(built ? 'Client sources changed: rebuilding...' : 'Building the client...');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const r = spawnSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
await import('../src/server/main');
