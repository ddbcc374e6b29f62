import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { isFinalRefusal, refusalAdvice } from './refusal-advice';

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

  it('tells a student whose live check was cut short to start again, and one past the limit to ask the teacher', () => {
    for (const code of ['stream_too_fast', 'stream_stalled', 'stream_unreadable', 'check_cancelled']) {
      expect(refusalAdvice(code).step).toMatch(/press start verification/i);
      expect(isFinalRefusal(code)).toBe(false);
    }
    expect(refusalAdvice('challenge_not_followed').headline).toBe(MSG.faceChallenge.notFollowed);
    expect(refusalAdvice('challenge_limit').step).toMatch(/ask your teacher/i);
    expect(isFinalRefusal('challenge_limit')).toBe(true);
    expect(isFinalRefusal('challenge_not_followed')).toBe(false);
    // no session open: another try cannot help until the teacher starts one
    expect(refusalAdvice('no_active_session').step).toMatch(/dashboard/i);
    expect(isFinalRefusal('no_active_session')).toBe(true);
  });
});
