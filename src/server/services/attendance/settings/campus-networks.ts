import net from 'node:net';
import { type Cidr, formatCidr, parseCidr, unmappedAddress } from '@shared/cidr';
import { MSG } from '@shared/messages';
import { ZCampusNetworksInput } from '@shared/schemas/attendance/campus-networks';
import type { AppDeps } from '@server/deps';
import { DomainError } from '@server/lib/errors';
import { readSetting, settingValue, writeSetting } from './app-settings';

type Deps = Pick<AppDeps, 'db' | 'config'>;
export type CampusNetworkSource = 'environment' | 'database';

const KEY = 'campus_networks';

/**
 * Compiled matchers by list. A pure function of the list's text, so no writer has to keep it current: a list saved on
 * another node is simply a new key here. A few are kept (a list and the one before it while it changes).
 */
const matchers = new Map<string, (ip: string) => boolean>();
const MATCHERS_KEPT = 8;

function matcherFor(networks: readonly string[]) {
  const key = networks.join(',');
  let match = matchers.get(key);
  if (!match) {
    match = networkMatcher(networks.map((n) => parseCidr(n)).filter((c) => c !== null));
    if (matchers.size >= MATCHERS_KEPT) matchers.delete(matchers.keys().next().value as string);
    matchers.set(key, match);
  }
  return match;
}

/** The stored list as saved through the card; a value edited by hand into something else fails loudly, never open. */
function storedList(value: unknown): string[] {
  if (value === undefined) return [];
  const parsed = ZCampusNetworksInput.safeParse({ networks: value });
  if (!parsed.success) throw new Error('app_settings.campus_networks is not a list of networks');
  return parsed.data.networks;
}

/** The networks in force: CAMPUS_NETWORKS when the environment sets it, else the administrators' stored list. */
export async function campusNetworksInForce(deps: Deps): Promise<{ networks: string[]; source: CampusNetworkSource }> {
  if (deps.config.campusNetworks) return { networks: deps.config.campusNetworks.map(formatCidr), source: 'environment' };
  return { networks: storedList(await settingValue(deps, KEY)), source: 'database' };
}

/** Whether any campus network is in force (then every step of a mark from an address off them is refused). */
export async function campusNetworksSet(deps: Deps): Promise<boolean> {
  return (await campusNetworksInForce(deps)).networks.length > 0;
}

/** Where `ip` stands for the attempt log: 1 off the campus networks, 0 on them, null when none is in force. */
export async function campusStanding(deps: Deps, ip: string): Promise<0 | 1 | null> {
  const { networks } = await campusNetworksInForce(deps);
  if (networks.length === 0) return null;
  return matcherFor(networks)(ip) ? 0 : 1;
}

/** The one refusal of a step from off the campus networks, whichever step it is (403 `off_campus`). */
export const offCampusRefusal = () => new DomainError('FORBIDDEN', MSG.attendance.offCampusNetwork, { errorCode: 'off_campus' });

/**
 * Issue 35: with campus networks in force, every step of a mark comes from one of them: the face check (its doors
 * call this before anything is read), the geofence step and the final mark (attendance-marking.ts, which logs it).
 */
export async function refuseOffCampus(deps: Deps, ip: string): Promise<void> {
  if ((await campusStanding(deps, ip)) === 1) throw offCampusRefusal();
}

/** The settings card's view: the list in force, where it comes from, and the caller's address as this server sees it. */
export async function campusNetworksFor(deps: Deps, callerIp: string) {
  const { networks, source } = await campusNetworksInForce(deps);
  const stored = source === 'database' ? await readSetting(deps, KEY) : null;
  return {
    networks,
    source,
    your_address: unmappedAddress(callerIp),
    /** Null when no list applies (every address is accepted). */
    your_address_listed: networks.length ? matcherFor(networks)(callerIp) : null,
    updated_at: stored?.updated_at ?? null,
    updated_by: stored?.updated_by ?? null,
  };
}

/** Replaces the stored list; refused while CAMPUS_NETWORKS is set, since a saved list would not apply. */
export async function setCampusNetworks(deps: Deps & Pick<AppDeps, 'clock'>, admin: { id: number }, networks: string[], callerIp: string) {
  if (deps.config.campusNetworks) throw new DomainError('CONFLICT', MSG.campusNetworks.environmentWins, { errorCode: 'campus_networks_from_environment' });
  await writeSetting(deps, KEY, networks, admin, deps.clock.now());
  return campusNetworksFor(deps, callerIp);
}

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
