import { describe, expect, it } from 'vitest';
import { currentStep, isDone, newGuide, withSeen, withStep, withStop } from './live-guide';

describe('the live guide', () => {
  it('knows only the steps sent: the latest is current, the ones before it are done', () => {
    let guide = newGuide(3);
    expect(currentStep(guide)).toBeNull();
    guide = withStep(guide, { index: 0, step: 'turn_left', of: 3 });
    expect(currentStep(guide)).toEqual({ index: 0, step: 'turn_left', seen: false });
    expect(isDone(guide, guide.shown[0])).toBe(false);
    guide = withStep(guide, { index: 1, step: 'blink', of: 3 });
    expect(guide.shown.map((s) => s.step)).toEqual(['turn_left', 'blink']);
    expect(guide.shown.map((s) => isDone(guide, s))).toEqual([true, false]);
    expect(currentStep(guide)?.index).toBe(1);
  });

  it('a step the tracker saw is done while still current; stop ends them all', () => {
    let guide = withStep(newGuide(2), { index: 0, step: 'turn_right', of: 2 });
    guide = withSeen(guide, 0);
    expect(isDone(guide, guide.shown[0])).toBe(true);
    expect(currentStep(guide)?.step).toBe('turn_right');
    guide = withStop(withStep(guide, { index: 1, step: 'blink', of: 2 }));
    expect(currentStep(guide)).toBeNull();
    expect(guide.shown.every((s) => isDone(guide, s))).toBe(true);
  });

  it('a step sent again under its index replaces the first, and steps stay in index order', () => {
    let guide = withStep(newGuide(3), { index: 1, step: 'blink', of: 3 });
    guide = withStep(guide, { index: 0, step: 'turn_left', of: 3 });
    guide = withStep(guide, { index: 1, step: 'turn_right', of: 3 });
    expect(guide.shown.map((s) => `${s.index}:${s.step}`)).toEqual(['0:turn_left', '1:turn_right']);
  });
});
