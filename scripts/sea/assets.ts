import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { CacheEntry } from '@server/sea/cache';
import { NATIVE } from './esbuild-plugins';

const root = path.resolve(import.meta.dirname, '../..');
const nm = (p: string) => path.join(root, 'node_modules', p);

const gypBuild = createRequire(import.meta.url)('node-gyp-build') as { resolve(dir: string): string };

export interface CarriedFile {
  /** file in the checkout */
  from: string;
  /** path in the cache folder */
  to: string;
  mode: number;
  group: CacheEntry['group'];
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? filesUnder(path.join(dir, d.name)) : [path.join(dir, d.name)]));

/** Only the models the engine loads (worker/models.ts): Human's detector, mesh and iris; face-api's three nets. */
const HUMAN_MODELS = ['blazeface', 'facemesh', 'iris'].flatMap((m) => [`${m}.json`, `${m}.bin`]);
const FACEAPI_MODELS = ['tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model'].flatMap((m) => [
  `${m}-weights_manifest.json`,
  `${m}.bin`,
]);
const WASM = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm-threaded-simd.wasm'];

/** Everything the executable must write to disk before use, from a checkout with the client built. */
export function carriedFiles(clientDir: string): CarriedFile[] {
  const file = (from: string, to: string, group: CacheEntry['group'] = 'core', mode = 0o644): CarriedFile => ({ from, to, mode, group });
  const libvips = fs.readdirSync(nm('@img/sharp-libvips-linux-x64/lib')).filter((f) => f.startsWith('libvips-cpp.so'));
  return [
    file(nm('better-sqlite3/build/Release/better_sqlite3.node'), NATIVE.sqlite),
    // The addon argon2's own loader picks on this machine (its prebuilt one crashes here; the compiled one is used).
    file(gypBuild.resolve(nm('argon2')), NATIVE.argon2),
    file(nm(`@img/sharp-linux-x64/lib/${path.basename(NATIVE.sharp)}`), NATIVE.sharp),
    // sharp.node finds libvips through its RPATH ($ORIGIN/../../sharp-libvips-linux-x64/lib): same layout here.
    ...libvips.map((f) => file(nm(`@img/sharp-libvips-linux-x64/lib/${f}`), `@img/sharp-libvips-linux-x64/lib/${f}`)),
    ...HUMAN_MODELS.map((f) => file(nm(`@vladmandic/human/models/${f}`), `human-models/${f}`)),
    ...FACEAPI_MODELS.map((f) => file(nm(`@vladmandic/face-api/model/${f}`), `faceapi-models/${f}`)),
    ...WASM.map((f) => file(nm(`@tensorflow/tfjs-backend-wasm/dist/${f}`), `tfjs-wasm/${f}`)),
    ...filesUnder(clientDir).map((f) => file(f, `client/${path.relative(clientDir, f).split(path.sep).join('/')}`)),
    file(nm('@ffmpeg-installer/linux-x64/ffmpeg'), 'ffmpeg/ffmpeg', 'ffmpeg', 0o755),
  ];
}
