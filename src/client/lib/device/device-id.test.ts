import { describe, expect, it } from 'vitest';
import { DEVICE_ID_RE, STORAGE_KEYS } from '@shared/constants';
import { deviceId, newDeviceId } from './device-id';

/** What localStorage keeps for one browser. */
const browserStorage = (initial: Record<string, string> = {}) => {
  const items = new Map(Object.entries(initial));
  return { getItem: (k: string) => items.get(k) ?? null, setItem: (k: string, v: string) => void items.set(k, v), items };
};

describe('deviceId', () => {
  it('makes a url-safe id of at least 22 characters that the server accepts, and keeps it under its key', () => {
    const storage = browserStorage();
    const id = deviceId(storage);
    expect(id).toMatch(DEVICE_ID_RE);
    expect(id).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(storage.items.get(STORAGE_KEYS.deviceId)).toBe(id);
  });

  it('gives the same id on every later mark from the same browser', () => {
    const storage = browserStorage();
    const first = deviceId(storage);
    expect(deviceId(storage)).toBe(first);
    expect(deviceId(storage)).toBe(first);
  });

  it('gives two browsers different ids', () => {
    const ids = new Set(Array.from({ length: 200 }, () => deviceId(browserStorage())));
    expect(ids.size).toBe(200);
  });

  it('replaces a kept value the server would refuse (edited by hand), so the mark is not refused for it', () => {
    const storage = browserStorage({ [STORAGE_KEYS.deviceId]: 'short' });
    const id = deviceId(storage);
    expect(id).not.toBe('short');
    expect(id).toMatch(DEVICE_ID_RE);
    expect(storage.items.get(STORAGE_KEYS.deviceId)).toBe(id);
  });

  it('sends no id when the browser refuses storage, rather than failing the mark', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('quota', 'QuotaExceededError');
      },
    };
    expect(deviceId(refusing)).toBeUndefined();
    expect(deviceId(undefined)).toBeUndefined();
  });
});

describe('newDeviceId', () => {
  it('uses the whole url-safe alphabet without padding', () => {
    const chars = new Set(Array.from({ length: 300 }, newDeviceId).join(''));
    expect(chars.has('=')).toBe(false);
    expect([...chars].every((c) => /[A-Za-z0-9_-]/.test(c))).toBe(true);
    expect(chars.size).toBeGreaterThan(60);
  });
});
