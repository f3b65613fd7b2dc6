import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * How the server reaches an identity provider (OIDC discovery, keys and tokens; SAML metadata):
 * HTTPS only, and never a private, loopback or link-local address unless SSO_ALLOW_PRIVATE_NETWORK
 * is on (decision 0037). The address is checked where the connection is made, after the name is
 * resolved, so a name that resolves (or re-resolves) to an inside address is refused too.
 */

const INSIDE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INSIDE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const)
  INSIDE.addSubnet(net, prefix, 'ipv6');

/** A private, loopback, link-local, multicast or reserved address (IPv4-mapped IPv6 read as IPv4). */
export function isInsideAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return INSIDE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return INSIDE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export class ProviderAddressError extends Error {}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** The resolver of one request's connections: every address is checked before it is used. */
function checkedLookup(allowInside: boolean) {
  return (hostname: string, options: { all?: boolean } & Record<string, unknown>, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const refused = !allowInside && list.some((a) => isInsideAddress(a.address));
      if (refused || list.length === 0) {
        return callback(
          Object.assign(new ProviderAddressError(`${hostname} resolves to a private address`), { code: 'EPROVIDERADDR' }),
          [],
        );
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0]!.address, list[0]!.family);
    });
  };
}

/**
 * Refuses an address before any connection: an inside literal address (or localhost) unless allowed,
 * and any scheme but https, except plain http to an allowed inside address (a test provider).
 */
export function checkProviderUrl(url: URL, allowInside: boolean): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const inside = isIP(host) !== 0 ? isInsideAddress(host) : host === 'localhost' || host.endsWith('.localhost');
  if (inside && !allowInside) throw new ProviderAddressError('The identity provider is on a private or loopback address.');
  if (url.protocol === 'https:' || (url.protocol === 'http:' && inside)) return;
  throw new ProviderAddressError('The identity provider must use https://.');
}

/** A fetch for identity providers with the rules above; redirects are not followed. */
export function providerFetch(allowInside: boolean): typeof fetch {
  const dispatcher = new Agent({ connect: { lookup: checkedLookup(allowInside) as never }, connectTimeout: 10_000 });
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    checkProviderUrl(url, allowInside);
    return undiciFetch(url, { ...(init as object), redirect: 'manual', dispatcher } as never);
  }) as unknown as typeof fetch;
}
