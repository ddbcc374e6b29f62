import { describe, expect, it } from 'vitest';
import { MSG } from '../../../shared/messages';
import { refusalAdvice } from './refusal-advice';

describe('refusalAdvice', () => {
  it('gives the no-blink refusal the SPEC headline and a blink step', () => {
    expect(refusalAdvice('no_blink')).toEqual({ headline: MSG.verification.noBlink, step: MSG.verification.refusals.no_blink.step });
  });

  it('gives each reason its own headline, never the blink one', () => {
    for (const code of ['no_face', 'multiple_faces', 'identity_mismatch', 'no_enrollment', 'invalid_video']) {
      expect(refusalAdvice(code).headline).not.toBe(MSG.verification.noBlink);
    }
    expect(refusalAdvice('identity_mismatch').step).toMatch(/contact your teacher/i);
  });

  it('falls back to general advice for a missing or unknown code (never for an inherited property name)', () => {
    expect(refusalAdvice(undefined)).toBe(MSG.verification.refusedOther);
    expect(refusalAdvice('too_dark_someday')).toBe(MSG.verification.refusedOther);
    expect(refusalAdvice('toString')).toBe(MSG.verification.refusedOther);
  });
});
