import { describe, expect, it } from 'vitest';
import { ROOM_CODE_ALPHABET } from '@shared/constants';
import { isStepCode, newRoomCodeSecret, roomCodeOf, roomCodeSecondsLeft, roomCodeWindow, roomCodeWindowOf, stepCodeWindow } from './room-code';

const SECRET = 'c2VjcmV0LW9mLWEtdGVzdC1zZXNzaW9uLTMyLWJ5dGVz';
const T0 = Date.parse('2026-03-02T04:00:00Z');

describe('room codes', () => {
  it('are 6 symbols of the alphabet, the same for one secret and window, different for the next window or another secret', () => {
    const w = roomCodeWindow(T0);
    const code = roomCodeOf(SECRET, w);
    expect(code).toMatch(new RegExp(`^[${ROOM_CODE_ALPHABET}]{6}$`));
    expect(roomCodeOf(SECRET, w)).toBe(code);
    expect(roomCodeOf(SECRET, w + 1)).not.toBe(code);
    expect(roomCodeOf(newRoomCodeSecret(), w)).not.toBe(code);
  });

  // With byte % 31 and no rejection, the first 8 symbols would come 9/8 as often: about +5,000 over 60,000 here.
  it('use every symbol about equally often (no modulo bias): 6 x 310,000 symbols, each within 2% of its share', () => {
    const counts = new Map<string, number>();
    for (let w = 0; w < 310_000; w++) for (const ch of roomCodeOf(SECRET, w)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
    expect([...counts.keys()].sort().join('')).toBe([...ROOM_CODE_ALPHABET].sort().join(''));
    for (const n of counts.values()) expect(Math.abs(n - 60_000)).toBeLessThan(1200);
  });

  it('are found by window while their window is current or ended at most the bound ago, and unknown past it', () => {
    const w = roomCodeWindow(T0);
    expect(roomCodeSecondsLeft(T0)).toBe(15);
    expect(roomCodeSecondsLeft(T0 + 14_500)).toBe(1);
    expect(roomCodeWindowOf(SECRET, roomCodeOf(SECRET, w), T0 + 14_999, 0)).toBe(w);
    expect(roomCodeWindowOf(SECRET, roomCodeOf(SECRET, w - 1), T0 + 10_000, 10_000)).toBe(w - 1);
    expect(roomCodeWindowOf(SECRET, roomCodeOf(SECRET, w - 1), T0 + 10_001, 10_000)).toBeNull();
    expect(roomCodeWindowOf(SECRET, roomCodeOf(SECRET, w - 4), T0 + 5_000, 60_000)).toBe(w - 4);
    expect(roomCodeWindowOf(SECRET, roomCodeOf(SECRET, w + 1), T0, 60_000)).toBeNull();
    expect(roomCodeWindowOf(SECRET, 'ABC', T0, 60_000)).toBeNull();
  });

  it('are accepted at the geofence step until 10 s after their window, and at the final mark only as the code of that step', () => {
    const w = roomCodeWindow(T0);
    expect(stepCodeWindow(SECRET, roomCodeOf(SECRET, w - 1), new Date(T0 + 10_000))).toBe(w - 1);
    expect(stepCodeWindow(SECRET, roomCodeOf(SECRET, w - 1), new Date(T0 + 10_001))).toBeNull();
    expect(stepCodeWindow(SECRET, undefined, new Date(T0))).toBeNull();
    expect(isStepCode(SECRET, roomCodeOf(SECRET, w - 1), w - 1)).toBe(true);
    expect(isStepCode(SECRET, roomCodeOf(SECRET, w), w - 1)).toBe(false);
    expect([isStepCode(SECRET, undefined, w), isStepCode(SECRET, roomCodeOf(SECRET, w), null)]).toEqual([false, false]);
  });
});
