import { SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { checkRouteAccess, returnPathAfterLogin } from './route-access';
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

describe('returnPathAfterLogin (issue 36)', () => {
  const from = (pathname: string, search = '') => ({ from: { pathname, search, hash: '', key: 'k', state: null } });
  it('returns to the page the guard sent from, its room code kept, for a role that may open it', () => {
    expect(returnPathAfterLogin(from('/student-dashboard', '?room_code=AB12CD'), 'student')).toBe('/student-dashboard?room_code=AB12CD');
    expect(returnPathAfterLogin(from('/face-detection'), 'student')).toBe('/face-detection');
    // every guarded page, the admin's Users and Settings too (one table with the guards)
    expect(returnPathAfterLogin(from('/admin-dashboard/settings'), 'admin')).toBe('/admin-dashboard/settings');
    expect(returnPathAfterLogin(from('/admin-dashboard/users', '?role=student'), 'admin')).toBe('/admin-dashboard/users?role=student');
    // /update-user is every role's own page, and an admin's for any user
    expect(returnPathAfterLogin(from('/update-user'), 'teacher')).toBe('/update-user');
    expect(returnPathAfterLogin(from('/update-user', '?id=7'), 'admin')).toBe('/update-user?id=7');
  });
  it('goes home instead for another role, an unknown page or no state', () => {
    expect(returnPathAfterLogin(from('/student-dashboard', '?room_code=AB12CD'), 'teacher')).toBeNull();
    expect(returnPathAfterLogin(from('https://evil.example/'), 'student')).toBeNull();
    expect(returnPathAfterLogin(null, 'student')).toBeNull();
    expect(returnPathAfterLogin({ from: null }, 'student')).toBeNull();
  });
});
