import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions } from 'esbuild';
import type { CacheEntry, Manifest } from '@server/sea/cache';
import { carriedFiles } from './assets';
import { nativeAddons, swapLayout } from './esbuild-plugins';

/**
 * `npm run build:binary`: dist/roll-call-linux-x64, one executable made with Node's single executable applications
 * from the Node that runs this. The server and the face worker are bundled; what cannot be bundled is carried as
 * assets that the executable writes to its cache folder (src/server/sea/boot.ts).
 */
const root = path.resolve(import.meta.dirname, '../..');
const work = path.join(root, 'dist/sea');
// Apart from dist/client, which `npm start` and the browser tests serve and may be rebuilding meanwhile.
const clientDir = path.join(work, 'client');
const output = path.join(root, 'dist/roll-call-linux-x64');
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function run(cmd: string, args: string[]) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  // postject prints a harmless warning per ELF note it cannot name: show stderr only on failure.
  if (r.status !== 0) throw new Error(`${path.basename(cmd)} ${args[0]} failed:\n${r.stderr}`);
}

const started = performance.now();
fs.rmSync(work, { recursive: true, force: true });
fs.mkdirSync(work, { recursive: true });

console.log('Building the client...');
run(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', clientDir, '--emptyOutDir']);

console.log('Bundling the server and the face worker...');
const esm: BuildOptions = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Whitespace and syntax only: stack traces in an operator's log keep their function and class names.
  minifyWhitespace: true,
  minifySyntax: true,
  keepNames: true,
  legalComments: 'none',
  logLevel: 'error',
  plugins: [swapLayout, nativeAddons],
  // The libraries' node-wasm builds, which their packages' exports maps hide (worker/libraries.ts says why).
  alias: {
    // sharp's ES build finds its parts through import.meta.url, which a data: URL has not: its CommonJS build.
    sharp: path.join(root, 'node_modules/sharp/dist/index.cjs'),
    '@vladmandic/human': path.join(root, 'node_modules/@vladmandic/human/dist/human.node-wasm.js'),
    '@vladmandic/face-api': path.join(root, 'node_modules/@vladmandic/face-api/dist/face-api.node-wasm.js'),
  },
  // Optional peers that are required only when configured (pg's native driver) or never on Node; pino-pretty is
  // for a developer's terminal (lib/logger.ts), never loaded in the executable.
  // ws's optional native speed-ups, looked for in a try block: plain JavaScript serves
  external: ['pg-native', 'node-fetch', 'pino-pretty', 'bufferutil', 'utf-8-validate'],
  // The bundles run from data: URLs: CommonJS code inside them needs a require, __dirname and __filename.
  banner: {
    js: "import { createRequire as __rcRequire } from 'node:module'; const require = __rcRequire(process.execPath); const __filename = process.execPath; const __dirname = process.execPath.replace(/\\/[^/]*$/, '');",
  },
};
// A data: URL module would be named by its whole base64 text in stack traces: sourceURL gives it a short name.
const named = (name: string) => ({ footer: { js: `//# sourceURL=roll-call/${name}` } });
await build({ ...esm, ...named('app.mjs'), entryPoints: [path.join(root, 'scripts/sea/entry.ts')], outfile: path.join(work, 'app.mjs') });
await build({
  ...esm,
  ...named('worker.mjs'),
  entryPoints: [path.join(root, 'src/server/face/scheduling/worker/worker.ts')],
  outfile: path.join(work, 'worker.mjs'),
});
await build({
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  logLevel: 'error',
  entryPoints: [path.join(root, 'src/server/sea/boot.ts')],
  outfile: path.join(work, 'boot.cjs'),
});

const hashOf = (file: string) => crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
const files = carriedFiles(clientDir);
const entries: CacheEntry[] = files.map((f, i) => ({
  asset: `file-${i}`,
  path: f.to,
  sha256: hashOf(f.from),
  size: fs.statSync(f.from).size,
  mode: f.mode,
  group: f.group,
}));
const version = (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
const code = ['app.mjs', 'worker.mjs', 'boot.cjs'].map((f) => hashOf(path.join(work, f)));
const build_ = crypto
  .createHash('sha256')
  .update(JSON.stringify({ version, node: process.version, code, entries }))
  .digest('hex')
  .slice(0, 16);
const manifest: Manifest = { version, build: build_, entries };
fs.writeFileSync(path.join(work, 'manifest.json'), JSON.stringify(manifest));

const assets: Record<string, string> = Object.fromEntries(files.map((f, i) => [entries[i].asset, f.from]));
for (const f of ['manifest.json', 'app.mjs', 'worker.mjs']) assets[f] = path.join(work, f);
const seaConfig = { main: path.join(work, 'boot.cjs'), output: path.join(work, 'sea-prep.blob'), disableExperimentalSEAWarning: true, assets };
fs.writeFileSync(path.join(work, 'sea-config.json'), JSON.stringify(seaConfig, null, 2));

console.log('Injecting into a copy of this Node...');
run(process.execPath, ['--experimental-sea-config', path.join(work, 'sea-config.json')]);
fs.rmSync(output, { force: true });
fs.copyFileSync(process.execPath, output);
fs.chmodSync(output, 0o755);
run(process.execPath, [path.join(root, 'node_modules/postject/dist/cli.js'), output, 'NODE_SEA_BLOB', seaConfig.output, '--sentinel-fuse', SEA_FUSE]);

const mb = (fs.statSync(output).size / 1e6).toFixed(1);
console.log(`Built ${path.relative(root, output)}: ${mb} MB, build ${build_}, in ${((performance.now() - started) / 1000).toFixed(0)} s`);
