import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ROUTE_MODULES from './route-modules.json';

const clientDir = import.meta.dirname;
const app = fs.readFileSync(path.join(clientDir, 'app.tsx'), 'utf8');
/** The paths of app.tsx's route table ('admin-dashboard/messages' as '/admin-dashboard/messages'). */
const routePaths = [...app.matchAll(/<Route\s[^>]*?path="([^"]+)"/g)].map((m) => `/${m[1]}`);

describe('route-modules.json (the chunks a page names in its head and fetches at start)', () => {
  it('names only paths of the route table, and every lazy route of it', () => {
    const listed = Object.keys(ROUTE_MODULES).sort();
    expect(listed.filter((p) => !routePaths.includes(p))).toEqual([]);
    expect(routePaths.filter((p) => p !== '/*' && !listed.includes(p))).toEqual([]);
  });

  it('names files that exist and that app.tsx loads lazily under the same name (a rename breaks no preload silently)', () => {
    for (const file of new Set(Object.values(ROUTE_MODULES).flat())) {
      expect(fs.existsSync(path.join(clientDir, file)), file).toBe(true);
      expect(app, file).toContain(`lazyFrom('${file}', () => import('@/${file.replace(/\.tsx?$/, '')}')`);
    }
  });
});
