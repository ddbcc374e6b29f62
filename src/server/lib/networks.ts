import net from 'node:net';
import type { Cidr } from '../../shared/cidr';

/** A matcher for client addresses (as Express reports them, IPv4-mapped IPv6 included) against a CIDR list. */
export function networkMatcher(cidrs: Cidr[]) {
  const list = new net.BlockList();
  for (const c of cidrs) list.addSubnet(c.address, c.prefix, c.family);
  return (ip: string) => {
    const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
    if (v4) return list.check(v4, 'ipv4');
    if (net.isIPv4(ip)) return list.check(ip, 'ipv4');
    return net.isIPv6(ip) && list.check(ip, 'ipv6');
  };
}
