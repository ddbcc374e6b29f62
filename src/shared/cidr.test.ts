import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { networkOfAddress, parseCidr } from './cidr';

const text = (s: string) => {
  const c = parseCidr(s);
  return c && `${c.address}/${c.prefix}`;
};

describe('parseCidr', () => {
  it('clears the bits past the prefix and gives a single address its own /32 or /128', () => {
    expect(text(' 10.20.3.4/16 ')).toBe('10.20.0.0/16');
    expect(text('192.168.1.77')).toBe('192.168.1.77/32');
    expect(text('0.0.0.0/0')).toBe('0.0.0.0/0');
    expect(text('10.20.3.4/23')).toBe('10.20.2.0/23');
    expect(text('2001:DB8:0:0:1::7/64')).toBe('2001:db8::/64');
    expect(text('2001:db8::1')).toBe('2001:db8::1/128');
    expect(text('::')).toBe('::/128');
    expect(text('::ffff:10.1.2.3')).toBe('::ffff:a01:203/128');
    expect(text('fe80:0:0:1:0:0:0:1/128')).toBe('fe80:0:0:1::1/128');
    expect(text('1:0:0:2:0:0:0:3')).toBe('1:0:0:2::3/128');
    expect(parseCidr('2001:db8::/48')?.family).toBe('ipv6');
  });

  it('refuses what is not a network', () => {
    for (const bad of [
      '',
      'school-lan',
      '10.0.0.0/33',
      '10.0.0/8',
      '10.0.0.256',
      '010.0.0.1',
      '10.0.0.1/',
      '10.0.0.1/8/8',
      '2001:db8::/129',
      '1::2::3',
      ':1::',
      '1:2:3:4:5:6:7',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
      '10.0.0.1/-1',
      '1.2.3.4::',
    ])
      expect(parseCidr(bad), bad).toBeNull();
  });

  it('gives every address Node reads as IPv6 the same bytes Node does', () => {
    for (const a of ['2001:db8::1', '::1', 'fe80::1:2:3:4', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', '1::']) {
      const c = parseCidr(a)!;
      const list = new net.BlockList();
      list.addAddress(c.address, 'ipv6');
      expect(list.check(a, 'ipv6'), a).toBe(true);
    }
  });
});

describe('networkOfAddress', () => {
  it('suggests an IPv4 address alone and an IPv6 address its /64', () => {
    expect(networkOfAddress('203.0.113.9')).toBe('203.0.113.9/32');
    expect(networkOfAddress('::ffff:203.0.113.9')).toBe('203.0.113.9/32');
    expect(networkOfAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(networkOfAddress('unknown')).toBeNull();
  });
});
