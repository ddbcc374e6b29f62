import type { AppDeps } from '@server/deps';
import { readSetting, settingValue, writeSetting } from './app-settings';

type Deps = Pick<AppDeps, 'db'>;
const KEY = 'not_from_browser_flag';

/**
 * Whether a mark without the server's device cookie (a REST client, a script) is flagged 'not from a browser'
 * (issue 35). On unless an administrator turned it off: a value edited by hand into anything but `false` flags.
 */
export async function notFromBrowserFlagOn(deps: Deps): Promise<boolean> {
  return (await settingValue(deps, KEY)) !== false;
}

/** The admin card's view: whether the flag is raised, and who changed it last. */
export async function notFromBrowserFlagForAdmin(deps: Deps) {
  const stored = await readSetting(deps, KEY);
  return { enabled: await notFromBrowserFlagOn(deps), updated_at: stored?.updated_at ?? null, updated_by: stored?.updated_by ?? null };
}

/** Turns the flag on or off for marks written from now on (a mark keeps the flags it was written with). */
export async function setNotFromBrowserFlag(deps: Deps & Pick<AppDeps, 'clock'>, admin: { id: number }, enabled: boolean) {
  await writeSetting(deps, KEY, enabled, admin, deps.clock.now());
  return notFromBrowserFlagForAdmin(deps);
}
