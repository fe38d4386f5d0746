import { createHash } from 'node:crypto';
import { isIP, isIPv6 } from 'node:net';

/**
 * Who a limit counts: an IPv4 address as it is (an IPv4-mapped IPv6 address as its IPv4 form),
 * an IPv6 address by its /64 network, which one subscriber usually holds whole, so walking
 * through the addresses of one network buys no fresh attempts. Every limit keys on this: the
 * route limits (platform/plugins/rate-limit.ts) and the sign-in throttle (admins/login-throttle.ts).
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1]!;
  // Not an address (a hop a client wrote, past a proxy count that trusts one hop too many): any
  // text, so a fixed-width digest of it, which fits the limits' key columns.
  if (!isIP(address)) return `?${createHash('sha256').update(address).digest('hex').slice(0, 32)}`;
  if (!isIPv6(address)) return address;
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, '::' filled in, without a zone. */
function expandIPv6(address: string): string[] {
  const [head = '', tail] = address.split('%')[0]!.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((g) =>
    g.replace(/^0+(?=.)/, ''),
  );
}
