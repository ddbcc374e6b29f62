import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importAliases } from '../import-aliases';

const root = path.resolve(import.meta.dirname, '..');
const rel = (file: string) => path.relative(root, file);
const filesUnder = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));
const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]);
/** Source with string and template literals emptied and comments removed: what the code does, not what it says. */
const codeOf = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\/|(^|[^:])\/\/.*$/gm, '$1')
    .replace(/'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");

const CLIENT = path.join(root, 'src/client');
const clientFiles = () => filesUnder(CLIENT);
const clientCode = () => clientFiles().filter((f) => !f.endsWith('.test.ts'));
/** Every import or re-export statement of a file (multi-line ones too), with its specifier. */
const statementsOf = (file: string) =>
  [
    ...fs
      .readFileSync(file, 'utf8')
      .matchAll(
        /^(?:import|export)\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\w+|\{[^}]*\}|\w+\s*,\s*\{[^}]*\})\s+from\s*['"]([^'"]+)['"]|^import\s*['"]([^'"]+)['"]|\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/gm,
      ),
  ].map((m) => ({ text: m[0], spec: m[1] ?? m[2] ?? m[3] }));
/**
 * The path a specifier names, relative or through an import alias (import-aliases.ts), before extensions: null for a
 * package. Every rule below reads imports through it, so an alias cannot hide a crossing.
 */
const targetOf = (file: string, spec: string): string | null => {
  if (spec.startsWith('.')) return path.resolve(path.dirname(file), spec);
  const alias = Object.keys(importAliases).find((a) => spec.startsWith(`${a}/`));
  return alias ? path.join(importAliases[alias], spec.slice(alias.length + 1)) : null;
};
const resolvesInto = (file: string, spec: string, dir: string) => {
  const target = targetOf(file, spec);
  return target !== null && (target + path.sep).startsWith(path.join(root, dir) + path.sep);
};
const featureOf = (file: string) => /src\/client\/features\/([^/]+)\//.exec(file)?.[1] ?? null;

const FACE = path.join(root, 'src/server/face');
/** The file a specifier names (extensionless, or a folder's index.ts); null for a package. */
const resolveFile = (file: string, spec: string): string | null => {
  const base = targetOf(file, spec);
  if (base === null) return null;
  return ['', '.ts', '.tsx', '.mjs', `${path.sep}index.ts`].map((e) => base + e).find((f) => fs.existsSync(f) && fs.statSync(f).isFile()) ?? null;
};
const isTest = (file: string) => /\.test\.ts$/.test(file);
/** The face engine's part a file belongs to (decoding, analysis, scheduling), or null for its root files. */
const partOf = (file: string) => {
  const [first, ...rest] = path.relative(FACE, file).split(path.sep);
  return rest.length > 0 ? first : null;
};
const isPartEntry = (file: string) => partOf(file) !== null && file === path.join(FACE, partOf(file)!, 'index.ts');
/** Each face file a file imports (type-only imports too: a type is a dependency of the design). */
const faceImportsOf = (file: string) =>
  statementsOf(file)
    .map(({ spec }) => ({ spec, target: resolveFile(file, spec) }))
    .filter((i): i is { spec: string; target: string } => i.target?.startsWith(FACE + path.sep) === true);

const SERVICES = path.join(root, 'src/server/services');
/** The services domain a file lies in (accounts, attendance, faces, reports, notices), or null outside src/server/services. */
const domainOf = (file: string) => {
  const inside = path.relative(SERVICES, file);
  return inside.startsWith('..') || !inside.includes(path.sep) ? null : inside.split(path.sep)[0];
};
/** The doors: REST adapters and tRPC routers, each grouped in one folder per services domain. */
const DOORS = ['src/server/rest', 'src/server/routers'];
/**
 * Door files that call a second domain's services, and why. The campus networks are attendance's rule, and every step
 * of a mark must come from them, the face check too; services/faces sits below attendance and cannot ask it, so the
 * face check's doors ask it first.
 */
const DOOR_CROSSINGS: Record<string, string> = {
  'src/server/rest/faces/student.ts -> attendance': 'the upload check is refused off campus before a byte is read',
  'src/server/rest/faces/live-check/face-stream-socket.ts -> attendance': 'the live check is refused off campus before a camera starts',
  'src/server/routers/faces/student.ts -> attendance': "compareFaceVideo is refused off campus, as REST's upload check is",
};
/**
 * A folder holds one concern, however many files that takes; where it has an index.ts, that is its door: code outside
 * the folder imports the folder through it, never a file behind it. These files behind a door may be imported directly,
 * and why: each is loaded apart from the rest of its folder (a chunk of its own, or a first paint's texts).
 */
const SIDE_DOORS: Record<string, string> = {
  'src/shared/messages/first-load.ts': "the first page's texts alone: the first chunk must not carry every message",
  // A route's first paint (route-first-paint.ts) takes its own area's texts, for the same reason.
  'src/shared/messages/admin/admin.ts': "the admin pages' first paint",
  'src/shared/messages/shell/site.ts': "the public pages' first paint",
  'src/shared/messages/student/student.ts': "the student pages' first paint",
  'src/shared/messages/teacher/teacher.ts': "the teacher pages' first paint",
  'src/client/features/attendance-rule/rule-settings-card.tsx':
    "the Settings page's form alone: its zod schemas and Radix Switch stay out of the Reports page and the teacher's dashboard",
  'src/client/features/student/profile-dialog.tsx': 'lazy-loaded on its first open, as a chunk of its own',
};
/** Folders whose doors have rules of their own above: the face engine, the REST doors. */
const OWN_DOOR_RULES = ['src/server/face', 'src/server/rest'];
/** The value exports of a file (types aside), and how many of them are functions. */
const exportsOf = (file: string) => {
  const code = fs.readFileSync(file, 'utf8');
  const values = code.match(/^export (?:default |const |let |var |async |function|class |enum |\* from)|^export \{(?!\s*type\b)/gm) ?? [];
  const functions =
    code.match(/^export (?:default )?(?:async )?function\b|^export const \w+\s*(?::[^=]+)?=\s*(?:async\s*)?(?:\([^)]*\)|\w+)\s*(?::[^=]+)?=>/gm) ?? [];
  return { values: values.length, functions: functions.length, lines: code.split('\n').filter((l) => l.trim() !== '').length };
};
/**
 * Where the one-function rule looks: the server, the shared code, and the client's lib/ and features/ (.ts only). Left
 * out by convention: React components (.tsx: one component a file, shadcn's components/ui/ one primitive a file, pages/
 * one file a route), hooks (use-*.ts: one hook a file, as shadcn's hooks/ and STYLE.md's use-geolocation.ts), the
 * doors' route tables (rest/<domain>/<role>.ts, routers/<domain>/<role>.ts: the doors' layout names each file, however
 * few its routes), type declarations (.d.ts) and tests.
 */
const oneFunctionScope = (file: string) =>
  /^src\/(server|shared|client\/lib|client\/features)\//.test(rel(file)) &&
  !DOORS.some((door) => rel(file).startsWith(`${door}/`)) &&
  /\.ts$/.test(file) &&
  !/\.d\.ts$|\.test\.ts$/.test(file) &&
  !/^use-/.test(path.basename(file));
/**
 * Files of one small exported function (under 20 lines) that stay files of their own, and why. Any other lives in
 * the module it serves: the one that imports it most, or the domain module it belongs to.
 */
const ONE_FUNCTION_FILES: Record<string, string> = {
  'src/client/lib/utils.ts': "shadcn/ui's convention: cn() in lib/utils.ts, where every primitive of components/ui/ imports it from",
  // A component's rule that a test reads, or that two components share: a .tsx file exports components only (React
  // Fast Refresh remounts a file that exports anything else), so the rule lives in a .ts beside them.
  'src/client/features/attendance-rule/shortfall-scope.ts': 'the filter scope both rule cards (shortfall, below-rule stat) query with',
  'src/client/features/teacher/geofence-settings/radius.ts': "the radius dialog's custom-radius rule, tested against the server's schema",
  'src/client/lib/device/browser-family.ts': "the permission help's browser detection, tested on real user agents",
  'src/server/sea/native.ts':
    "the single executable's esbuild plugin (scripts/sea/esbuild-plugins.ts) requires this file by path in place of each native addon: it loads nothing else",
  'src/server/face/scheduling/worker/staging.ts': "one staging array per worker thread, module state shared by the worker's tracking and describing",
  'src/server/services/reports/csv-field.ts': 'the quoting and formula guard of every CSV (summary, detail, shortfall), none of which is its home',
};

/** The files through which the browser talks to the server (download.ts saves the streamed CSV exports); nothing else calls fetch. */
const TRANSPORTS = ['src/client/lib/api/rest.ts', 'src/client/lib/api/trpc.ts', 'src/client/lib/api/download.ts'];

describe('architecture', () => {
  it('the face engine returns codes: nothing under src/server/face imports the message texts', () => {
    for (const file of filesUnder(path.join(root, 'src/server/face'))) {
      for (const spec of importsOf(file)) expect(spec, `${rel(file)} imports ${spec}`).not.toMatch(/shared\/messages/);
    }
  });

  it('outside src/server/face, the server reaches the face engine only through face/index.ts', () => {
    for (const file of filesUnder(path.join(root, 'src')).filter((f) => !f.startsWith(FACE + path.sep))) {
      for (const { spec, target } of faceImportsOf(file)) {
        expect(rel(target), `${rel(file)} imports ${spec}: import the engine from face/index.ts`).toBe('src/server/face/index.ts');
      }
    }
  });

  it('inside src/server/face, a part imports another part only through its index.ts, the shared root files import no part, and the parts form no cycle', () => {
    const parts = new Map<string, Set<string>>();
    for (const file of filesUnder(FACE)) {
      const own = partOf(file);
      for (const { spec, target } of faceImportsOf(file)) {
        const other = partOf(target);
        if (other !== null && other !== own) expect(isPartEntry(target), `${rel(file)} imports ${spec}: import '${other}/index'`).toBe(true);
        if (isTest(file)) continue;
        // The root's shared files (config, errors, types, the protocol, the live frames) sit below the parts.
        if (own === null && file !== path.join(FACE, 'index.ts')) expect(other, `${rel(file)} is shared by the parts but imports ${spec}`).toBeNull();
        // face/index.ts is the engine's face for the rest of the server; a part that imported it would import itself.
        if (own !== null) expect(rel(target), `${rel(file)} imports the engine's public file`).not.toBe('src/server/face/index.ts');
        if (own !== null && other !== null && other !== own) parts.set(own, (parts.get(own) ?? new Set()).add(other));
      }
    }
    const cycleFrom = (part: string, trail: string[]): string[] | null => {
      if (trail.includes(part)) return [...trail, part];
      for (const next of parts.get(part) ?? []) {
        const cycle = cycleFrom(next, [...trail, part]);
        if (cycle) return cycle;
      }
      return null;
    };
    for (const part of parts.keys()) expect(cycleFrom(part, [])?.join(' -> '), 'the parts import each other in a circle').toBeUndefined();
    expect(parts.size, 'the import graph was read').toBeGreaterThan(0);
  });

  it('tests and scripts reach into the face engine only through an index.ts or its shared root files', () => {
    for (const file of [...filesUnder(path.join(root, 'tests')), ...filesUnder(path.join(root, 'scripts'))]) {
      for (const { spec, target } of faceImportsOf(file)) {
        expect(partOf(target) === null || path.basename(target) === 'index.ts', `${rel(file)} imports ${spec}: import the part's index.ts`).toBe(true);
      }
    }
  });

  it('the face worker thread loads no decoder: nothing it imports reaches face/decoding or sharp', () => {
    // A worker that loaded sharp and ffmpeg's code would carry them in every thread (and in the single executable's worker bundle).
    const seen = new Set<string>();
    const packages = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const { text, spec } of statementsOf(file)) {
        if (/^(import|export) type\s/.test(text)) continue;
        const target = resolveFile(file, spec);
        if (target === null) packages.add(spec);
        else if (/\.tsx?$/.test(target)) visit(target);
      }
    };
    visit(path.join(FACE, 'scheduling/worker/worker.ts'));
    expect([...seen].map(rel).filter((f) => f.startsWith('src/server/face/decoding/'))).toEqual([]);
    expect([...packages].filter((p) => p === 'sharp' || p.startsWith('@img/'))).toEqual([]);
    expect(seen.has(path.join(FACE, 'live-frames.ts')), 'the walk follows the worker into the shared live frames').toBe(true);
  });

  it("src/ imports nothing from scripts/ (the benchmarks' evaluation code lives there); its tests only the harness they share with the benchmarks", () => {
    for (const file of filesUnder(path.join(root, 'src'))) {
      for (const { spec } of statementsOf(file)) {
        const target = resolveFile(file, spec);
        if (target === null || !rel(target).startsWith('scripts/')) continue;
        expect(isTest(file) && rel(target).startsWith('scripts/harness/'), `${rel(file)} imports ${spec}`).toBe(true);
      }
    }
  });

  it('src/ (outside its *.test.ts files) and scripts/ import nothing from tests/: what both need lives in scripts/harness/', () => {
    // The tests sit below the code they test: a benchmark or an app file that imported a test helper would load the
    // test runner's code (vitest's expect, the PostgreSQL pass's databases) and break when a test changes.
    let read = 0;
    for (const file of [...filesUnder(path.join(root, 'src')).filter((f) => !isTest(f)), ...filesUnder(path.join(root, 'scripts'))]) {
      for (const { spec } of statementsOf(file)) {
        read += 1;
        expect(resolvesInto(file, spec, 'tests'), `${rel(file)} imports ${spec}: move what it needs to scripts/harness/`).toBe(false);
      }
    }
    expect(read, 'the imports were read').toBeGreaterThan(100);
  });

  it("scripts/: each file at its top and each benchmark (scripts/bench/, outside support/) is an npm script's, and every npm script's file exists", () => {
    const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    const named = Object.values(scripts).flatMap((command) => [...command.matchAll(/\btsx (?:watch )?(\S+\.ts)\b/g)].map((m) => m[1]));
    for (const file of named) expect(fs.existsSync(path.join(root, file)), `package.json runs ${file}, which does not exist`).toBe(true);
    const top = fs
      .readdirSync(path.join(root, 'scripts'), { withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) => `scripts/${e.name}`);
    const benchmarks = filesUnder(path.join(root, 'scripts/bench'))
      .map(rel)
      .filter((f) => !f.startsWith('scripts/bench/support/'));
    for (const file of top) expect(named, `${file} sits among the operators' commands but no npm script runs it`).toContain(file);
    for (const file of benchmarks) {
      const entry = Object.entries(scripts).find(([, command]) => command.includes(file));
      expect(entry?.[0], `${file} is a benchmark no npm script runs: give it a bench:* script, or move a helper to support/`).toMatch(/^bench:/);
    }
    expect(benchmarks.length, 'the benchmarks were read').toBeGreaterThan(0);
  });

  it('src/shared imports nothing from the server, the client, Node or the DOM: only itself and zod', () => {
    for (const file of filesUnder(path.join(root, 'src/shared')).filter((f) => !f.endsWith('.test.ts'))) {
      for (const spec of importsOf(file)) {
        const ok = spec === 'zod' || resolvesInto(file, spec, 'src/shared');
        expect(ok, `${rel(file)} imports ${spec}`).toBe(true);
      }
      // Code only: a message may say 'window' (issue 12's location text does).
      expect(codeOf(file), rel(file)).not.toMatch(/\b(window|document|localStorage|process\.env)\b/);
    }
  });

  it('src/client imports server code only as types (import type), never a value', () => {
    for (const file of clientFiles()) {
      for (const { text, spec } of statementsOf(file)) {
        if (!resolvesInto(file, spec, 'src/server')) continue;
        expect(text, `${rel(file)} imports ${spec}`).toMatch(/^(import|export) type\s/);
      }
    }
  });

  it('src/client calls fetch only in the REST helper, the tRPC link and the download helper', () => {
    for (const file of clientCode()) {
      if (TRANSPORTS.includes(rel(file))) continue;
      // A global fetch, not a method named fetch (tRPC's utils.<procedure>.fetch goes through the link).
      expect(
        /(?<![.\w])fetch\s*\(|XMLHttpRequest|\baxios\b/.exec(codeOf(file))?.[0],
        `${rel(file)} calls fetch: use trpc hooks, or lib/api/rest.ts for an upload`,
      ).toBeUndefined();
    }
  });

  it('src/client writes no copy of a server response type: server data types come from RouterOutputs', () => {
    // A hand-written shape of server data would be an interface or object type named like one, or a cast to it.
    const SERVER_DATA =
      /\b(interface|type)\s+\w*(Response|Result|Body|Verdict|Profile|Status|Record|List|Group|Student|Department|Session)\b(?!\s*=\s*(RouterOutputs|Teacher|SessionStudents|PendingGroup|NonNullable<|Extract<))/;
    for (const file of clientCode()) {
      const code = codeOf(file).replace(/^(?:import|export)\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\w+|\{[^}]*\}|\w+\s*,\s*\{[^}]*\})\s+from\s*''/gm, '');
      expect(SERVER_DATA.exec(code)?.[0], `${rel(file)} declares a server data type by hand`).toBeUndefined();
      expect(/\bas\s+\{/.exec(code)?.[0], `${rel(file)} casts a value to an inline object type`).toBeUndefined();
      // A REST answer is typed by the router's outputs (an alias of RouterOutputs[...] in the file) or not at all.
      if (TRANSPORTS.includes(rel(file))) continue;
      for (const [, arg] of code.matchAll(/\brestRequest<([^>(]+(?:\[[^\]]*\])*)>/g)) {
        const t = arg.trim();
        const derived = t === 'unknown' || t.startsWith('RouterOutputs[') || new RegExp(`\\btype\\s+${t}\\s*=\\s*RouterOutputs\\[`).test(code);
        expect(derived, `${rel(file)}: restRequest<${t}> is not typed from RouterOutputs`).toBe(true);
      }
    }
  });

  it('src/client decides nothing by the words of a server message: it reads codes', () => {
    for (const file of clientCode()) {
      const decides = /message\)?\??\.(includes|startsWith|endsWith|match|search|indexOf)\s*\(|\bmessage\s*[!=]==|[!=]==\s*[\w.?]*message\b/i.exec(
        codeOf(file),
      );
      expect(decides?.[0], `${rel(file)} compares a message`).toBeUndefined();
    }
  });

  it('features import each other only through their index.ts; components/ and lib/ import no feature', () => {
    for (const file of clientCode()) {
      const own = featureOf(file);
      for (const { spec } of statementsOf(file)) {
        if (!resolvesInto(file, spec, 'src/client/features')) continue;
        const target = targetOf(file, spec)!;
        const [feature, ...inner] = path.relative(path.join(CLIENT, 'features'), target).split(path.sep);
        if (rel(file).startsWith('src/client/components/') || rel(file).startsWith('src/client/lib/')) {
          expect.fail(`${rel(file)} imports the feature ${feature}: shared code depends on no feature`);
        }
        if (own !== null && own !== feature) expect(inner, `${rel(file)} reaches into features/${feature}: import '@/features/${feature}'`).toEqual([]);
      }
    }
    for (const dir of fs.readdirSync(path.join(CLIENT, 'features'))) {
      const used = clientCode().some((f) => featureOf(f) !== dir && statementsOf(f).some(({ spec }) => spec === `@/features/${dir}`));
      if (used) expect(fs.existsSync(path.join(CLIENT, 'features', dir, 'index.ts')), `features/${dir}/index.ts`).toBe(true);
    }
  });

  it('a module names one beyond its parent folder by its import alias (import-aliases.ts), not by climbing ../../', () => {
    let named = 0;
    for (const file of ['src', 'scripts', 'tests'].flatMap((d) => filesUnder(path.join(root, d)))) {
      for (const { spec } of statementsOf(file)) {
        if (!spec.startsWith('../../')) continue;
        const target = targetOf(file, spec)!;
        const alias = Object.entries(importAliases).find(([, dir]) => (target + path.sep).startsWith(dir + path.sep));
        // the client's @/ is vite's: the server, shared code and scripts do not use it
        const usable = alias && (alias[0] !== '@' || !/^(src\/(server|shared)|scripts)\//.test(rel(file)));
        expect(usable, `${rel(file)} imports ${spec}: name it ${alias?.[0]}/${path.relative(alias?.[1] ?? root, target)}`).toBeFalsy();
      }
      named += statementsOf(file).filter(({ spec }) => /^@(server|shared|harness|tests)?\//.test(spec)).length;
    }
    expect(named, 'the aliases are in use').toBeGreaterThan(500);
  });

  it('migrations import nothing from src/: a landed migration never changes because app code did', () => {
    for (const file of filesUnder(path.join(root, 'migrations'))) {
      for (const spec of importsOf(file)) {
        const inside = targetOf(file, spec) === null || resolvesInto(file, spec, 'migrations');
        expect(inside, `${rel(file)} imports ${spec}: copy what it needs into migrations/`).toBe(true);
      }
    }
  });

  it('code outside a services domain imports it only through its index.ts; deps.ts takes the types of the state it holds from their own files', () => {
    const loose = fs.readdirSync(SERVICES, { withFileTypes: true }).filter((e) => e.isFile());
    expect(
      loose.map((e) => e.name),
      'every service lives in a domain folder',
    ).toEqual([]);
    const domains = fs.readdirSync(SERVICES);
    for (const d of domains) expect(fs.existsSync(path.join(SERVICES, d, 'index.ts')), `services/${d}/index.ts`).toBe(true);
    let crossings = 0;
    for (const file of ['src', 'scripts', 'tests'].flatMap((dir) => filesUnder(path.join(root, dir)))) {
      for (const { spec } of statementsOf(file)) {
        const target = resolveFile(file, spec);
        const domain = target && domainOf(target);
        if (!target || !domain || domain === domainOf(file)) continue;
        crossings += 1;
        // deps.ts holds a domain's state (deps.reports, deps.faceIndex, deps.sessions): it takes only their types, from
        // the files that define them, which take no AppDeps; the domain's index.ts re-exports services that do (a cycle).
        const ok =
          file === path.join(root, 'src/server/deps.ts')
            ? statementsOf(file).some(({ text, spec: s }) => s === spec && /^import type\s/.test(text))
            : target === path.join(SERVICES, domain, 'index.ts');
        expect(ok, `${rel(file)} imports ${spec}: import the domain's public face, services/${domain}/index`).toBe(true);
      }
    }
    expect(crossings, 'the imports were read').toBeGreaterThan(20);
  });

  it('services/notices is the bottom domain: every other domain may queue a notice, and it imports none of them', () => {
    const notices = path.join(SERVICES, 'notices');
    let read = 0;
    for (const file of filesUnder(notices).filter((f) => !isTest(f))) {
      for (const { spec } of statementsOf(file)) {
        const target = resolveFile(file, spec);
        read += 1;
        const domain = target && domainOf(target);
        expect(domain === null || domain === 'notices', `${rel(file)} imports ${spec}: notices sits below every domain`).toBe(true);
      }
    }
    expect(read, 'the imports were read').toBeGreaterThan(5);
  });

  it('doors follow the services: a file under rest/<domain>/ or routers/<domain>/ calls services/<domain>/ only, or DOOR_CROSSINGS names why', () => {
    const domains = fs.readdirSync(SERVICES).sort();
    const crossed = new Set<string>();
    let calls = 0;
    for (const door of DOORS) {
      const top = fs.readdirSync(path.join(root, door), { withFileTypes: true });
      expect(
        top.filter((e) => e.isDirectory()).map((e) => e.name),
        `${door}/ holds one folder per services domain`,
      ).toEqual(domains);
      for (const file of filesUnder(path.join(root, door)).filter((f) => !isTest(f))) {
        // a file at the door's root (index.ts, http.ts, _app.ts) mounts or serves the others and calls no service
        const [first, ...inner] = path.relative(path.join(root, door), file).split(path.sep);
        const own = inner.length > 0 ? first : null;
        for (const { spec } of statementsOf(file)) {
          const target = resolveFile(file, spec);
          const domain = target && domainOf(target);
          if (!domain) continue;
          calls += 1;
          if (domain === own) continue;
          const crossing = `${rel(file)} -> ${domain}`;
          expect(crossing in DOOR_CROSSINGS, `${rel(file)} imports ${spec}: move the route to ${door}/${domain}/, or name why in DOOR_CROSSINGS`).toBe(true);
          crossed.add(crossing);
        }
      }
    }
    // An allowance outlives its reason unnoticed: each must still be needed.
    for (const crossing of Object.keys(DOOR_CROSSINGS)) expect(crossed.has(crossing), `${crossing} is allowed but not imported`).toBe(true);
    expect(calls, 'the imports were read').toBeGreaterThan(30);
  });

  it("where a folder of src/ has an index.ts, it is the folder's door: code outside imports the folder only through it", () => {
    const doors = filesUnder(path.join(root, 'src'))
      .filter((f) => path.basename(f) === 'index.ts')
      .map(path.dirname)
      .filter((dir) => !OWN_DOOR_RULES.some((own) => `${rel(dir)}/`.startsWith(`${own}/`)));
    let crossings = 0;
    // Tests and scripts outside src/ may reach the unit they exercise; the face engine's rule above covers them there.
    for (const file of filesUnder(path.join(root, 'src'))) {
      for (const { text, spec } of statementsOf(file)) {
        const target = resolveFile(file, spec);
        // deps.ts takes the types of the state it holds from their own files (the services rule above says why).
        if (target === null || (rel(file) === 'src/server/deps.ts' && /^import type\s/.test(text))) continue;
        for (const dir of doors) {
          if (!target.startsWith(dir + path.sep) || file.startsWith(dir + path.sep) || rel(target) in SIDE_DOORS) continue;
          crossings += 1;
          expect(rel(target), `${rel(file)} imports ${spec}: import '${rel(dir)}/index' (its door)`).toBe(`${rel(dir)}/index.ts`);
        }
      }
    }
    // An allowance outlives its reason unnoticed: each side door must still lie behind a door.
    for (const side of Object.keys(SIDE_DOORS))
      expect(
        doors.some((dir) => side.startsWith(`${rel(dir)}/`)),
        `${side} lies behind no index.ts`,
      ).toBe(true);
    expect(crossings, 'the imports were read').toBeGreaterThan(50);
  });

  it('no index.ts is a door to one file: a folder of one module is that module', () => {
    let read = 0;
    for (const index of filesUnder(path.join(root, 'src')).filter((f) => path.basename(f) === 'index.ts')) {
      const code = fs.readFileSync(index, 'utf8').replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const statements = statementsOf(index);
      // Only re-exports: nothing of its own once its export ... from statements are taken out.
      const reexportOnly =
        statements.every(({ text }) => text.startsWith('export')) && statements.reduce((c, { text }) => c.replace(text, ''), code).replace(/[;\s]/g, '') === '';
      if (!reexportOnly) continue;
      read += 1;
      const sources = new Set(statements.map(({ spec }) => resolveFile(index, spec)));
      const modules = fs.readdirSync(path.dirname(index)).filter((f) => /\.tsx?$/.test(f) && !isTest(f) && f !== 'index.ts');
      expect(
        sources.size > 1 || modules.length > 1,
        `${rel(index)} only re-exports ${[...sources].map((f) => f && rel(f))}: move that file up, in place of its folder`,
      ).toBe(true);
    }
    expect(read, 'the doors were read').toBeGreaterThan(5);
  });

  it('no one-function file without a reason: a small function lives in the module it serves, or ONE_FUNCTION_FILES names why not', () => {
    const found: string[] = [];
    for (const file of filesUnder(path.join(root, 'src')).filter(oneFunctionScope)) {
      const { values, functions, lines } = exportsOf(file);
      if (values === 1 && functions === 1 && lines < 20) found.push(rel(file));
    }
    for (const file of found)
      expect(ONE_FUNCTION_FILES[file], `${file} holds one small function: move it into the module it serves, or name why in ONE_FUNCTION_FILES`).toBeDefined();
    // An allowance outlives its reason unnoticed: each file must still be one of them.
    for (const file of Object.keys(ONE_FUNCTION_FILES)) expect(found, `${file} is allowed as a one-function file but is not one`).toContain(file);
  });

  it('src/server has no import cycle (type imports count: deps.ts holds types of services that must not take AppDeps back)', () => {
    const files = filesUnder(path.join(root, 'src/server')).filter((f) => !f.endsWith('.test.ts'));
    const known = new Set(files);
    const resolve = (from: string, spec: string) => {
      const base = targetOf(from, spec);
      if (base === null) return null;
      return [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => known.has(c)) ?? null;
    };
    const edges = new Map(files.map((f) => [f, importsOf(f).flatMap((spec) => resolve(f, spec) ?? [])]));
    // Depth-first walk: a file met again while still on the path closes a cycle.
    const done = new Set<string>();
    const walk = (file: string, trail: string[]) => {
      const at = trail.indexOf(file);
      if (at >= 0) expect.fail(`import cycle: ${[...trail.slice(at), file].map(rel).join(' -> ')}`);
      if (done.has(file)) return;
      for (const next of edges.get(file) ?? []) walk(next, [...trail, file]);
      done.add(file);
    };
    for (const file of files) walk(file, []);
  });

  it('production lib/ folders hold no test-only helper', () => {
    for (const dir of ['src/client/lib', 'src/server/lib']) {
      for (const file of filesUnder(path.join(root, dir)).filter((f) => !f.endsWith('.test.ts'))) {
        for (const [, name] of fs.readFileSync(file, 'utf8').matchAll(/^export (?:async )?(?:function|const|class) (\w+)/gm)) {
          const users = [...filesUnder(path.join(root, 'src')), ...filesUnder(path.join(root, 'scripts'))].filter(
            (f) => f !== file && !/\.test\.ts$/.test(f) && new RegExp(`\\b${name}\\b`).test(fs.readFileSync(f, 'utf8')),
          );
          const internal = (fs.readFileSync(file, 'utf8').match(new RegExp(`\\b${name}\\b`, 'g')) ?? []).length > 1;
          expect(users.length > 0 || internal, `${rel(file)} exports ${name}, which only tests use: move it to tests/helpers`).toBe(true);
        }
      }
    }
  });
});
