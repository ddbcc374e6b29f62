import { describe, expect, it } from 'vitest';
import { parseCidrList } from '@server/env';
import { networkMatcher } from './campus-networks';

describe('campus networks', () => {
  it('matches IPv4, IPv4-mapped IPv6 and IPv6 addresses against the configured CIDRs', () => {
    const inCampus = networkMatcher(parseCidrList('10.20.0.0/16, 2001:db8::/32')!);
    expect(inCampus('10.20.3.4')).toBe(true);
    expect(inCampus('::ffff:10.20.3.4')).toBe(true);
    expect(inCampus('10.21.0.1')).toBe(false);
    expect(inCampus('2001:db8::1')).toBe(true);
    expect(inCampus('2001:db9::1')).toBe(false);
    expect(inCampus('unknown')).toBe(false);
  });

  it('refuses a malformed list at start-up and treats an empty one as unset', () => {
    expect(() => parseCidrList('10.0.0.0/33')).toThrow(/CAMPUS_NETWORKS/);
    expect(() => parseCidrList('school-lan')).toThrow(/CAMPUS_NETWORKS/);
    expect(parseCidrList(' , ')).toBeUndefined();
  });
});
