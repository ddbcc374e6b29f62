import type { AppDeps } from '@server/deps';

type Deps = Pick<AppDeps, 'db'>;

/** The keys an administrator may set; each later setting adds its own. */
export type SettingKey = 'campus_networks' | 'map_tiles' | 'attendance_rule' | 'not_from_browser_flag' | 'absence_warning' | 'timetable_auto_open';

export interface StoredSetting {
  value: unknown;
  updated_at: string;
  /** The administrator's name, or null when their account was deleted since. */
  updated_by: string | null;
}

/** One setting's value by its key: a primary-key read, cheap enough per request, so every node sees a change at once. */
export async function settingValue(deps: Deps, key: SettingKey): Promise<unknown> {
  const row = await deps.db.selectFrom('app_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? JSON.parse(row.value) : undefined;
}

/** One setting with who changed it last and when, for the settings card. */
export async function readSetting(deps: Deps, key: SettingKey): Promise<StoredSetting | null> {
  const row = await deps.db
    .selectFrom('app_settings as s')
    .leftJoin('users as u', 'u.id', 's.updated_by')
    .select(['s.value', 's.updated_at', 'u.username'])
    .where('s.key', '=', key)
    .executeTakeFirst();
  return row ? { value: JSON.parse(row.value), updated_at: row.updated_at, updated_by: row.username } : null;
}

/** Sets (or replaces) one setting, recording who changed it and when. */
export async function writeSetting(deps: Deps, key: SettingKey, value: unknown, by: { id: number }, now: Date) {
  const row = { value: JSON.stringify(value), updated_at: now.toISOString(), updated_by: by.id };
  await deps.db
    .insertInto('app_settings')
    .values({ key, ...row })
    .onConflict((oc) => oc.column('key').doUpdateSet(row))
    .execute();
}

/**
 * A setting that is on or off: whether it is on (`byDefault` until an administrator sets it; a value edited by hand
 * into anything but a boolean counts as the default), the admin card's view with who changed it last, and its change.
 */
export function switchSetting(key: SettingKey, byDefault: boolean) {
  const on = async (deps: Deps) => {
    const value = await settingValue(deps, key);
    return typeof value === 'boolean' ? value : byDefault;
  };
  const forAdmin = async (deps: Deps) => {
    const stored = await readSetting(deps, key);
    return { enabled: await on(deps), updated_at: stored?.updated_at ?? null, updated_by: stored?.updated_by ?? null };
  };
  const set = async (deps: Deps & Pick<AppDeps, 'clock'>, admin: { id: number }, enabled: boolean) => {
    await writeSetting(deps, key, enabled, admin, deps.clock.now());
    return forAdmin(deps);
  };
  return { on, forAdmin, set };
}
