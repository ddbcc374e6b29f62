import path from 'node:path';

/**
 * The import aliases, one list for every tool that resolves them (tsconfig.json's `paths` says the same for tsc,
 * tsx and esbuild; vite and vitest read this): a module names another by where it lives, not by how many folders it
 * climbs. Siblings and a parent's files stay relative.
 */
const dirs = {
  '@server': 'src/server',
  '@shared': 'src/shared',
  '@harness': 'scripts/harness',
  '@tests': 'tests',
  '@': 'src/client',
} as const;

export const importAliases = Object.fromEntries(Object.entries(dirs).map(([alias, dir]) => [alias, path.resolve(import.meta.dirname, dir)]));
