import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkRouteAccess } from './route-access';
import { homeForRole, isExpired } from './session';

const NOW = 1_800_000_000_000;
const token = (claims: Record<string, unknown>) => new UnsecuredJWT(claims).encode();

describe('checkRouteAccess (SPEC 4)', () => {
  it('asks for a token first', () => {
    expect(checkRouteAccess(null, ['student'], NOW).kind).toBe('no-token');
    expect(checkRouteAccess('', ['student'], NOW).kind).toBe('no-token');
  });

  it('treats an undecodable token as invalid', () => {
    expect(checkRouteAccess('garbage', ['student'], NOW).kind).toBe('invalid');
    expect(checkRouteAccess('a.b.c', ['student'], NOW).kind).toBe('invalid');
  });

  it('expires at exp seconds compared with now in milliseconds, inclusive', () => {
    const exp = NOW / 1000;
    expect(checkRouteAccess(token({ role: 'student', exp }), ['student'], NOW).kind).toBe('expired');
    expect(checkRouteAccess(token({ role: 'student', exp: exp + 1 }), ['student'], NOW).kind).toBe('ok');
    expect(isExpired({ exp: exp + 1 }, NOW + 999)).toBe(false);
    expect(checkRouteAccess(token({ role: 'student' }), ['student'], NOW).kind).toBe('expired');
  });

  it('checks the role against the route list, without verifying the signature', async () => {
    const signed = await new SignJWT({ role: 'teacher', user_id: 1 })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(NOW / 1000 + 60)
      .sign(new TextEncoder().encode('any-secret-the-browser-never-sees'));
    expect(checkRouteAccess(signed, ['teacher', 'admin'], NOW).kind).toBe('ok');
    expect(checkRouteAccess(signed, ['admin'], NOW).kind).toBe('forbidden');
  });
});

describe('homeForRole', () => {
  it('maps each role to its dashboard and anything else to /', () => {
    expect(homeForRole('student')).toBe('/student-dashboard');
    expect(homeForRole('teacher')).toBe('/teacher-dashboard');
    expect(homeForRole('admin')).toBe('/admin-dashboard');
    expect(homeForRole('janitor')).toBe('/');
    expect(homeForRole(undefined)).toBe('/');
  });
});
