import type { AppDeps } from '@server/deps';
import { readSetting, settingValue, writeSetting } from './app-settings';

type Deps = Pick<AppDeps, 'db'>;
const KEY = 'timetable_auto_open';

/** Issue 39: whether each timetable slot's session opens by itself at its start. Off unless an administrator turned it on. */
export async function timetableAutoOpenOn(deps: Deps): Promise<boolean> {
  return (await settingValue(deps, KEY)) === true;
}

/** The admin card's view: whether classes open by themselves, and who changed it last. */
export async function timetableAutoOpenForAdmin(deps: Deps) {
  const stored = await readSetting(deps, KEY);
  return { enabled: await timetableAutoOpenOn(deps), updated_at: stored?.updated_at ?? null, updated_by: stored?.updated_by ?? null };
}

export async function setTimetableAutoOpen(deps: Deps & Pick<AppDeps, 'clock'>, admin: { id: number }, enabled: boolean) {
  await writeSetting(deps, KEY, enabled, admin, deps.clock.now());
  return timetableAutoOpenForAdmin(deps);
}
