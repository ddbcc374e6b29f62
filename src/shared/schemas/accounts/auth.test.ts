import { describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { passwordStrength, unmetPasswordRules, ZLoginInput, ZRegisterInput } from './auth';

describe('password rules', () => {
  it('lists unmet rules in the spec order', () => {
    expect(unmetPasswordRules('')).toEqual([
      MSG.passwordRules.lowercase,
      MSG.passwordRules.uppercase,
      MSG.passwordRules.number,
      MSG.passwordRules.special,
      MSG.passwordRules.length,
    ]);
    expect(unmetPasswordRules('Str0ng!pass')).toEqual([]);
    expect(unmetPasswordRules('Str0ngpass')).toEqual([MSG.passwordRules.special]);
  });

  it.each([
    ['', 0, 'Weak', 'red'],
    ['a', 1, 'Weak', 'red'],
    ['aB', 2, 'Fair', 'orange'],
    ['aB1', 3, 'Good', 'yellow'],
    ['aB1#', 4, 'Strong', 'green'],
    ['aB1#xxxx', 5, 'Very Strong', 'green'],
  ])('strength of %j is %i met, %s, %s', (password, met, label, color) => {
    expect(passwordStrength(password)).toMatchObject({ met, label, color });
  });
});

describe('ZRegisterInput', () => {
  const good = { username: 'asha01', email: 'Asha@School.Test', phone_number: '', role: 'student', department_name: 'BCA', password: 'Str0ng!pass' };
  it('accepts a good form, lower-casing the email, with an empty phone', () => {
    expect(ZRegisterInput.parse(good)).toMatchObject({ email: 'asha@school.test', phone_number: '' });
  });
  it('refuses each bad field with its spec message', () => {
    const msg = (o: object) => ZRegisterInput.safeParse({ ...good, ...o }).error?.issues[0].message;
    expect(msg({ username: 'a_b' })).toBe(MSG.validation.username);
    expect(msg({ email: 'a b@c.d' })).toBe(MSG.validation.email);
    expect(msg({ phone_number: '123456789' })).toBe(MSG.validation.phone);
    expect(msg({ password: 'Password1' })).toBe(MSG.validation.password);
    expect(msg({ department_name: '' })).toBe(MSG.validation.department);
  });
});

describe('email length', () => {
  const good = { username: 'asha01', phone_number: '', role: 'student', department_name: 'BCA', password: 'Str0ng!pass' };
  const emailOf = (n: number) => `${'a'.repeat(n - '@school.test'.length)}@school.test`;
  it('accepts 254 characters and refuses 255, at registration and at login', () => {
    expect(ZRegisterInput.safeParse({ ...good, email: emailOf(254) }).success).toBe(true);
    expect(ZRegisterInput.safeParse({ ...good, email: emailOf(255) }).error?.issues[0].message).toBe(MSG.validation.emailTooLong);
    expect(ZLoginInput.safeParse({ email: emailOf(254), password: 'x' }).success).toBe(true);
    expect(ZLoginInput.safeParse({ email: emailOf(255), password: 'x' }).error?.issues[0].message).toBe(MSG.validation.emailTooLong);
  });
});
