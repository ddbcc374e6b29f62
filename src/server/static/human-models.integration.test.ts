import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTestServerForFile } from '@tests/helpers/test-server';

const HUMAN = path.resolve(import.meta.dirname, '../../../node_modules/@vladmandic/human/models');

const srv = await startTestServerForFile();

/** Issue 20: the face page's live tracker loads Human's models and tfjs's wasm from this server, never a CDN. */
describe('GET /models/human/:file', () => {
  it("serves the tracker's models from the npm package, byte for byte, cached for a week, to anyone (the page loads them before a check)", async () => {
    for (const file of ['blazeface.json', 'blazeface.bin', 'facemesh.json', 'facemesh.bin']) {
      const res = await fetch(`${srv.url}/models/human/${file}`);
      expect(res.status, file).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(fs.readFileSync(path.join(HUMAN, file))), file).toBe(true);
      expect(res.headers.get('cache-control')).toBe('public, max-age=604800');
    }
  });

  it('serves the wasm binaries as application/wasm, and the page may compile them (CSP wasm-unsafe-eval, not unsafe-eval)', async () => {
    for (const file of ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm']) {
      const res = await fetch(`${srv.url}/models/human/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/wasm');
      // a wasm module starts with \0asm
      expect(
        Buffer.from(await res.arrayBuffer())
          .subarray(0, 4)
          .toString('latin1'),
      ).toBe('\0asm');
    }
    const page = await fetch(`${srv.url}/face-detection`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval'/);
    expect(csp).not.toMatch(/'unsafe-eval'/);
  });

  it("serves nothing else of the package: other models, the package's files, a path out of the folder are a 404, not the app", async () => {
    for (const file of [
      'iris.json',
      'faceres.bin',
      'models.json',
      '..%2Fpackage.json',
      '..%2F..%2F..%2Fpackage.json',
      'tfjs-backend-wasm-threaded-simd.wasm',
    ]) {
      const res = await fetch(`${srv.url}/models/human/${file}`);
      expect(res.status, file).toBe(404);
      expect(await res.text(), file).not.toMatch(/<html/i);
    }
  });
});
