import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const root = path.resolve(import.meta.dirname, '../..');
const seaDir = path.join(root, 'src/server/sea');

/** Where each native addon goes in the cache folder (scripts/sea/assets.ts writes them there). */
export const NATIVE = {
  sqlite: 'native/better_sqlite3.node',
  argon2: 'native/argon2.node',
  sharp: '@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node',
};

/** The modules that say where things are in a checkout, swapped for their single-executable versions. */
export const swapLayout: Plugin = {
  name: 'sea-layout',
  setup(build) {
    build.onResolve({ filter: /\/install-layout$/ }, () => ({ path: path.join(seaDir, 'executable-layout.ts') }));
    build.onResolve({ filter: /^\.\/libraries$/ }, (a) =>
      a.importer.endsWith(path.join('face', 'scheduling', 'worker', 'models.ts')) ? { path: path.join(seaDir, 'libraries.ts') } : undefined,
    );
  },
};

/**
 * The native addons' own loaders look for their files next to the package (bindings, node-gyp-build, sharp's
 * per-platform package): each is replaced by a load from the cache folder.
 */
export const nativeAddons: Plugin = {
  name: 'sea-native',
  setup(build) {
    const loader = (rel: string, asFunction: boolean) => {
      const load = `require(${JSON.stringify(path.join(seaDir, 'native.ts'))}).loadNative(${JSON.stringify(rel)})`;
      return { contents: asFunction ? `module.exports = () => ${load};` : `module.exports = ${load};`, resolveDir: seaDir, loader: 'js' as const };
    };
    build.onResolve({ filter: /^bindings$/ }, () => ({ path: 'sqlite', namespace: 'sea-native' }));
    build.onResolve({ filter: /^node-gyp-build$/ }, () => ({ path: 'argon2', namespace: 'sea-native' }));
    build.onResolve({ filter: /^@img\/sharp-linux-x64\/sharp\.node$/ }, () => ({ path: 'sharp', namespace: 'sea-native' }));
    // sharp's other platforms: never present here, tried in try/catch at run time.
    build.onResolve({ filter: /^@img\/sharp-/ }, (a) => ({ path: a.path, external: true }));
    // sharp first tries a build of its own (template-literal paths, which esbuild would expand as globs): left dynamic.
    build.onLoad({ filter: /[\\/]sharp[\\/]dist[\\/]sharp\.cjs$/ }, async (a) => ({
      contents: (await fs.promises.readFile(a.path, 'utf8')).replaceAll('require(`../src/build/', 'require(String.raw`../src/build/'),
      loader: 'js',
    }));
    build.onLoad({ filter: /.*/, namespace: 'sea-native' }, (a) => {
      const key = a.path as keyof typeof NATIVE;
      return loader(NATIVE[key], key !== 'sharp');
    });
  },
};
