/**
 * What counts as a campus network, for the environment's CAMPUS_NETWORKS, the admin card and the stored list alike:
 * an IPv4 or IPv6 address with an optional prefix length. Pure code (no node:net), so the browser form checks with
 * the very rule the server applies.
 */
export type CidrFamily = 'ipv4' | 'ipv6';
export interface Cidr {
  /** The network's own address: the bits past the prefix cleared, IPv6 in its short form. */
  address: string;
  prefix: number;
  family: CidrFamily;
}

const IPV4_PART = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

function ipv4Bytes(text: string): number[] | null {
  const parts = text.split('.');
  if (parts.length !== 4 || !parts.every((p) => IPV4_PART.test(p))) return null;
  return parts.map(Number);
}

/** The 16-bit groups of one side of an IPv6 address's '::'; a dotted IPv4 tail is allowed where the address ends. */
function ipv6Words(part: string, endsAddress: boolean): number[] | null {
  if (part === '') return [];
  const groups = part.split(':');
  const words: number[] = [];
  for (const [i, g] of groups.entries()) {
    const v4 = endsAddress && i === groups.length - 1 && g.includes('.') ? ipv4Bytes(g) : null;
    if (v4) words.push((v4[0] << 8) | v4[1], (v4[2] << 8) | v4[3]);
    else if (/^[0-9a-fA-F]{1,4}$/.test(g)) words.push(Number.parseInt(g, 16));
    else return null;
  }
  return words;
}

/** The 16 bytes of an IPv6 address, or null. */
function ipv6Bytes(text: string): number[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const left = ipv6Words(halves[0], halves.length === 1);
  const right = halves.length === 2 ? ipv6Words(halves[1], true) : [];
  if (!left || !right) return null;
  const zeros = 8 - left.length - right.length;
  if (halves.length === 1 ? zeros !== 0 : zeros < 1) return null;
  return [...left, ...Array<number>(zeros).fill(0), ...right].flatMap((w) => [w >> 8, w & 0xff]);
}

function clearHostBits(bytes: number[], prefix: number): number[] {
  return bytes.map((b, i) => {
    const keep = Math.min(8, Math.max(0, prefix - i * 8));
    return keep === 0 ? 0 : b & (0xff << (8 - keep)) & 0xff;
  });
}

/** RFC 5952's form: lower case, no leading zeros, the longest run of two or more zero groups as '::'. */
function formatIpv6(bytes: number[]): string {
  const words = Array.from({ length: 8 }, (_, i) => (bytes[2 * i] << 8) | bytes[2 * i + 1]);
  let best = { start: -1, length: 1 };
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && words[j] === 0) j++;
    if (j - i > best.length) best = { start: i, length: j - i };
    i = j === i ? i + 1 : j;
  }
  const hex = words.map((w) => w.toString(16));
  if (best.start < 0) return hex.join(':');
  return `${hex.slice(0, best.start).join(':')}::${hex.slice(best.start + best.length).join(':')}`;
}

/** '10.20.3.4/16' -> 10.20.0.0/16; a single address is its own /32 or /128; null when it is not a network. */
export function parseCidr(text: string): Cidr | null {
  const [address, bits, extra] = text.trim().split('/');
  if (extra !== undefined || (bits !== undefined && !/^\d{1,3}$/.test(bits))) return null;
  const v4 = ipv4Bytes(address);
  const bytes = v4 ?? ipv6Bytes(address);
  if (!bytes) return null;
  const family: CidrFamily = v4 ? 'ipv4' : 'ipv6';
  const max = v4 ? 32 : 128;
  const prefix = bits === undefined ? max : Number(bits);
  if (prefix > max) return null;
  const net = clearHostBits(bytes, prefix);
  return { address: v4 ? net.join('.') : formatIpv6(net), prefix, family };
}

export const formatCidr = (c: Cidr) => `${c.address}/${c.prefix}`;

/** An IPv4 client as Node may report it on a dual-stack socket ('::ffff:203.0.113.9') written as people know it. */
export const unmappedAddress = (address: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1] ?? address;

/**
 * The network to suggest for a caller's address: an IPv4 address alone (/32: one school NAT address), an IPv6
 * address's /64 (a phone's address changes within its network's /64). IPv4-mapped IPv6 reads as IPv4.
 */
export function networkOfAddress(address: string): string | null {
  const plain = unmappedAddress(address);
  const c = parseCidr(plain);
  if (!c || c.prefix !== (c.family === 'ipv4' ? 32 : 128)) return null;
  return formatCidr(c.family === 'ipv4' ? c : (parseCidr(`${plain}/64`) as Cidr));
}
