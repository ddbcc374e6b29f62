import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);

describe('architecture', () => {
  it('src/shared imports nothing from the server, the client, Node or the DOM: only itself and zod', () => {
    for (const file of filesUnder(path.join(root, 'src/shared')).filter((f) => !f.endsWith('.test.ts'))) {
      for (const spec of importsOf(file)) {
        const ok = spec === 'zod' || (spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(path.join(root, 'src/shared')));
        expect(ok, `${path.relative(root, file)} imports ${spec}`).toBe(true);
      }
      // Code only: a message may say 'window' (issue 12's location text does).
      const code = fs.readFileSync(file, 'utf8').replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
      expect(code, path.relative(root, file)).not.toMatch(/\b(window|document|localStorage|process\.env)\b/);
    }
  });

  it('the client never imports server code except the router type', () => {
    for (const file of filesUnder(path.join(root, 'src/client'))) {
      for (const line of fs.readFileSync(file, 'utf8').split('\n').filter((l) => /from ['"].*server\//.test(l))) {
        expect(line, path.relative(root, file)).toMatch(/^import type /);
      }
    }
  });
});
