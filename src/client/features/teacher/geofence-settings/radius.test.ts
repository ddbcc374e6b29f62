import { describe, expect, it } from 'vitest';
import { customRadiusChoice } from './radius';

describe('the start dialog’s custom radius (SPEC 5)', () => {
  it('keeps a radius of 10 to 500 m', () => {
    expect(customRadiusChoice('75')).toEqual({ radius: 75, invalid: false });
    expect(customRadiusChoice('10')).toEqual({ radius: 10, invalid: false });
    expect(customRadiusChoice('500')).toEqual({ radius: 500, invalid: false });
    expect(customRadiusChoice(' 120 ')).toEqual({ radius: 120, invalid: false });
  });

  it('uses 50 and says so for anything else: out of range, a fraction, not a number, empty', () => {
    for (const text of ['9', '501', '5', '1000', '-20', 'x', '', '  ']) expect(customRadiusChoice(text), text).toEqual({ radius: 50, invalid: true });
  });
});
