import { describe, expect, it } from 'vitest';
import { captureStatus } from './use-captured-images';

describe('captureStatus (SPEC 5 capture messages)', () => {
  it('walks from the start message through progress to enough', () => {
    expect(captureStatus(0)).toBe('Capture at least 3 images from different angles.');
    expect(captureStatus(1)).toBe('1/3 images captured. Keep going!');
    expect(captureStatus(2)).toBe('2/3 images captured. Keep going!');
    expect(captureStatus(3)).toBe('You have captured enough images. Proceed to registration.');
  });

  it("names another form's next step at three (the update form saves, it does not register)", () => {
    expect(captureStatus(2, 'Save them.')).toBe('2/3 images captured. Keep going!');
    expect(captureStatus(3, 'Save them.')).toBe('Save them.');
  });
});
