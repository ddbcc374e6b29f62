import { DEVICE_ID_RE, STORAGE_KEYS } from '@shared/constants';

/** 18 random bytes: 24 url-safe characters, 144 bits, so two browsers of one school never share an id by chance. */
const DEVICE_ID_BYTES = 18;

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

export function newDeviceId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(DEVICE_ID_BYTES));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

/**
 * This browser's own random id, made on its first mark and kept in localStorage, sent with both steps of the mark
 * so the teacher sees one phone marking two students (issue 19). It identifies the browser, not the person: clearing
 * the site's data makes a new one. Without storage no id is sent, and the mark goes on without that signal.
 */
export function deviceId(storage: KeyValueStore | undefined = globalThis.localStorage): string | undefined {
  try {
    const kept = storage?.getItem(STORAGE_KEYS.deviceId);
    if (kept && DEVICE_ID_RE.test(kept)) return kept;
    if (!storage) return undefined;
    const made = newDeviceId();
    storage.setItem(STORAGE_KEYS.deviceId, made);
    return made;
  } catch {
    return undefined;
  }
}
