import { BlockList, isIP, type LookupFunction } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';

/**
 * The guard on every request the board makes to an address someone else gave it (a company's
 * logo, a job's application link): only public addresses, so such an address cannot make the
 * server reach this machine, its private network or a cloud's metadata service (SSRF). The logo
 * fetch (logos/logo-fetch.ts) and the link checker (link-checks/link-probe.ts) both go through it.
 */

/** A request refused by the guard: `host` resolves to (or is) an address that is not public. */
export class AddressRefused extends Error {
  readonly code = 'EADDRREFUSED';
  constructor(readonly host: string) {
    super(`${host} is a private, loopback or otherwise not public address`);
  }
}

/**
 * Addresses never called: this machine, private networks, link-local (cloud metadata services),
 * carrier-grade NAT, documentation and benchmark ranges, multicast and reserved space, and IPv6's
 * equivalents (IPv4-mapped addresses are checked as the IPv4 they carry).
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/**
 * Whether `address` (an IP address as resolved) may be called. `allowLoopback` lets 127.0.0.1,
 * and only it, through: the tests' stand-in servers listen there (never set by the configuration).
 */
export function publicAddress(address: string, allowLoopback = false): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  const family = isIP(ip);
  if (family === 0) return false;
  if (allowLoopback && ip === '127.0.0.1') return true;
  return !NOT_PUBLIC.check(ip, family === 4 ? 'ipv4' : 'ipv6');
}

/**
 * A URL's host when it is a literal address that may not be called (a literal is not looked up,
 * so the lookup below never sees it); undefined for a name, or a literal that may be called.
 */
export function refusedLiteral(url: URL, allowLoopback = false): string | undefined {
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(literal) && !publicAddress(literal, allowLoopback) ? literal : undefined;
}

/**
 * A DNS lookup for http(s).request's `lookup` that refuses every name with an address that is
 * not public (AddressRefused, the request's error): checked on the addresses the connection then
 * uses, so a name that resolves to a public address when checked and to a private one when
 * connecting (DNS rebinding) cannot get through. A name with any address not public is refused
 * whole.
 */
export function guardedLookup(allowLoopback = false): LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dnsLookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = Array.isArray(addresses) ? addresses : [];
      const usable = list.filter((entry) => publicAddress(entry.address, allowLoopback));
      if (!usable.length || usable.length !== list.length) {
        return callback(new AddressRefused(hostname), '', 0);
      }
      if (lookupOptions.all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
