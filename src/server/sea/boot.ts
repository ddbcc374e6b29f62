import { cacheRoot, prepareCache, pruneOtherBuilds } from './cache';
import { buildDir, moduleUrl, readAsset, readManifest } from './assets';

/**
 * The single executable's main script (CommonJS, as Node 20's SEA requires). It writes and checks this build's cache
 * folder (native addons, models, wasm, the client), then imports the bundled app, an ES module, from its asset.
 */
try {
  const manifest = readManifest();
  prepareCache(
    buildDir(),
    manifest.entries.filter((e) => e.group === 'core'),
    readAsset,
  );
} catch (err) {
  console.error(`roll-call: cannot prepare its cache folder under ${cacheRoot()}: ${(err as Error).message}`);
  process.exit(1);
}
try {
  pruneOtherBuilds(buildDir());
} catch {
  // best effort: a leftover folder costs disk space, never correctness
}
import(moduleUrl('app.mjs').href).catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
