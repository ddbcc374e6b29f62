import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { importAliases } from './import-aliases';
import { routeFirstPaints } from './src/client/route-first-paint';
import ROUTE_MODULES from './src/client/route-modules.json' with { type: 'json' };

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';
// MSG.app.name (the config loader warns on importing src/shared's index; the manifest test compares the two)
const APP_NAME = 'Roll Call';
// The app's primary, indigo 600, as the logo's square (index.html's theme-color meta says the same).
const THEME_COLOR = '#4f46e5';

/**
 * The installable app (issue 24 section 4), Workbox through vite-plugin-pwa. The worker precaches the shell and the
 * route chunks, never an API answer or a face image (no route matches /api or /trpc: those go to the network
 * untouched). Pages come from the server while online (each answer carries its own CSP, e.g. the map's tile server)
 * and from the precached shell only when the network fails; the shell then says it is offline.
 */
const pwa = VitePWA({
  registerType: 'autoUpdate',
  // a plain /registerSW.js script: no workbox-window in the first load's JavaScript
  injectRegister: 'script-defer',
  manifest: {
    id: '/',
    name: APP_NAME,
    short_name: APP_NAME,
    description: 'Mark attendance from inside the classroom with a face check.',
    // The login page sends a stored, unexpired login to its role's dashboard (SPEC 2); anyone else signs in.
    start_url: '/login',
    scope: '/',
    display: 'standalone',
    theme_color: THEME_COLOR,
    background_color: '#ffffff',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  workbox: {
    // The same worker whatever NODE_ENV the build runs under (the test runner sets 'test'): minified, no dev logging.
    mode: 'production',
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    // Not on every phone at install: the face tracker (1.5 MB), the admin's charts and the teacher's map. Each is
    // kept by the assets route below once its page has loaded it.
    globIgnores: ['**/human.esm-*.js', '**/admin-dashboard-page-*.js', '**/session-map-*.{js,css}'],
    navigateFallback: null,
    cleanupOutdatedCaches: true,
    // A new build's worker takes over at once: pages come from the network, so no open page depends on the old one.
    skipWaiting: true,
    clientsClaim: true,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) => request.mode === 'navigate' && !/^\/(api|trpc|models)\//.test(url.pathname),
        handler: 'NetworkOnly',
        options: { precacheFallback: { fallbackURL: '/index.html' } },
      },
      {
        // hashed names: a file's content never changes, so the copy kept is always right
        urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
        handler: 'CacheFirst',
        options: { cacheName: 'assets', expiration: { maxEntries: 40 }, cacheableResponse: { statuses: [200] } },
      },
    ],
  },
});

const CLIENT_ROOT = fileURLToPath(new URL('./src/client/', import.meta.url));

/**
 * Writes route-preloads.json: for each path of ROUTE_MODULES, the chunk files its modules need beyond those
 * index.html already names (the entry and its imports). The server adds them to that path's page as modulepreload
 * links (server/static/client-files.ts), so a login or dashboard page fetches its chunks beside the entry script.
 */
function routePreloads(): Plugin {
  return {
    name: 'roll-call:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const withImports = (file: string, seen = new Set<string>()): Set<string> => {
        if (seen.has(file)) return seen;
        seen.add(file);
        for (const next of byFile.get(file)?.imports ?? []) withImports(next, seen);
        return seen;
      };
      const firstLoad = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => [...withImports(c.fileName)]));
      const preloads: Record<string, string[]> = {};
      for (const [route, modules] of Object.entries(ROUTE_MODULES)) {
        const files = new Set<string>();
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId === path.join(CLIENT_ROOT, module));
          if (!chunk) this.error(`route-preloads: ${module} (for ${route}) is not a chunk of its own`);
          for (const file of withImports(chunk.fileName)) if (!firstLoad.has(file)) files.add(`/${file}`);
        }
        preloads[route] = [...files];
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/** Writes route-first-paint.json: each path's own first paint (src/client/route-first-paint.ts), which the server puts in its page's #root. */
function routeFirstPaint(): Plugin {
  return {
    name: 'roll-call:route-first-paint',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'route-first-paint.json', source: JSON.stringify(routeFirstPaints()) });
    },
  };
}

/**
 * The stylesheet first in index.html's head, before the entry script and its modulepreloads (Vite puts it last):
 * the first paint waits for the CSS alone, and a phone on a slow link fetches the page's files about six at a time,
 * so a stylesheet asked for ninth waited behind the scripts (Lighthouse mobile: first paint about 2.4 s, issue 36).
 */
function stylesheetFirst(): Plugin {
  return {
    name: 'roll-call:stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        const entry = html.indexOf('<script type="module"');
        if (links.length === 0 || entry < 0) return html;
        let rest = html;
        for (const link of links) rest = rest.replace(link, '');
        const at = rest.indexOf('<script type="module"');
        return `${rest.slice(0, at)}${links.map((l) => l.trim()).join('\n    ')}\n    ${rest.slice(at)}`;
      },
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is what the school runs, whatever NODE_ENV the caller has: the test runner sets 'test', and Vite then
  // builds React's development runtime (jsxDEV, extra checks), which the browser tests would measure and users never
  // run. Set here because Vite reads NODE_ENV after loading this file; `vite build --mode development` still opts out.
  if (command === 'build' && mode === 'production') process.env.NODE_ENV = 'production';
  return {
    root: 'src/client',
    plugins: [react(), tailwindcss(), pwa, routePreloads(), routeFirstPaint(), stylesheetFirst()],
    resolve: {
      alias: importAliases,
    },
    build: {
      outDir: '../../dist/client',
      emptyOutDir: true,
    },
    server: {
      proxy: {
        // ws: the live face check streams over a WebSocket under /api (issue 33)
        '/api': { target: API_TARGET, ws: true },
        '/trpc': API_TARGET,
      },
    },
  };
});
