import { describe, expect, it } from 'vitest';
import { customRadiusChoice, nextSettingsRadius } from './radius';

describe('radius rules (SPEC 5, teacher dashboard)', () => {
  it('settings input: keeps values in 10-500, ignores others, falls back to 50 for non-numeric', () => {
    expect(nextSettingsRadius('120', 80)).toBe(120);
    expect(nextSettingsRadius('10', 80)).toBe(10);
    expect(nextSettingsRadius('500', 80)).toBe(500);
    expect(nextSettingsRadius('9', 80)).toBe(80);
    expect(nextSettingsRadius('501', 80)).toBe(80);
    expect(nextSettingsRadius('abc', 80)).toBe(50);
    expect(nextSettingsRadius('', 80)).toBe(50);
  });

  it('start dialog: an invalid custom radius uses 50 and says so', () => {
    expect(customRadiusChoice('75')).toEqual({ radius: 75, invalid: false });
    expect(customRadiusChoice('5')).toEqual({ radius: 50, invalid: true });
    expect(customRadiusChoice('1000')).toEqual({ radius: 50, invalid: true });
    expect(customRadiusChoice('x')).toEqual({ radius: 50, invalid: true });
  });
});
