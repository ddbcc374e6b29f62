import { DEFAULT_TILE_URL, ZTileUrl } from '@shared/schemas/attendance/class-tools';
import type { AppDeps } from '@server/deps';
import { readSetting, settingValue, writeSetting } from './app-settings';

type Deps = Pick<AppDeps, 'db'>;
const KEY = 'map_tiles';

/** The stored template, OpenStreetMap's when none was ever saved, or null when an administrator turned the map off. */
export async function tileUrlInForce(deps: Deps): Promise<string | null> {
  const value = await settingValue(deps, KEY);
  if (value === undefined) return DEFAULT_TILE_URL;
  // A value edited by hand into something else turns the map off rather than loading tiles from anywhere.
  return typeof value === 'string' && ZTileUrl.safeParse(value).success ? value : null;
}

/**
 * The CSP source that lets the page load the template's tiles: its origin, with a `{s}` subdomain as a wildcard
 * (`https://{s}.tile.example.org` -> `https://*.tile.example.org`). Null for no map or a template it cannot read.
 */
export function tileSource(template: string | null): string | null {
  if (!template) return null;
  try {
    const wildcard = template.includes('{s}.');
    const url = new URL(template.replace('{s}.', 'sub.').replace(/\{[a-z]+\}/g, '0'));
    return wildcard ? `${url.protocol}//*.${url.host.slice('sub.'.length)}` : url.origin;
  } catch {
    return null;
  }
}

/** What a teacher's map needs: the template, or null for the coordinates only. */
export async function mapTiles(deps: Deps) {
  return { url_template: await tileUrlInForce(deps) };
}

/** The admin card's view: the template in force, the default, and who changed it last. */
export async function mapTilesForAdmin(deps: Deps) {
  const stored = await readSetting(deps, KEY);
  return {
    url_template: await tileUrlInForce(deps),
    default_url: DEFAULT_TILE_URL,
    updated_at: stored?.updated_at ?? null,
    updated_by: stored?.updated_by ?? null,
  };
}

/** Saves the template, or null for no map. */
export async function setMapTiles(deps: Deps & Pick<AppDeps, 'clock'>, admin: { id: number }, urlTemplate: string | null) {
  await writeSetting(deps, KEY, urlTemplate, admin, deps.clock.now());
  return mapTilesForAdmin(deps);
}
