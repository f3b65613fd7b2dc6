import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';

/**
 * Where a webhook may point (an SSRF guard). HTTPS anywhere public; plain HTTP only to this machine
 * (localhost, 127.0.0.0/8, ::1), for development. With `privateAllowed` false (production) an
 * endpoint must resolve to public addresses only: never loopback, private, link-local (cloud
 * metadata), unique-local, shared or reserved ranges. The name is resolved again at every delivery
 * and the request goes to the address that was checked, so a name re-pointed later (DNS
 * rebinding) reaches nothing private.
 */
export interface UrlPolicy {
  privateAllowed: boolean;
}

const lookupAll = promisify(dnsLookup) as unknown as (host: string, opts: { all: true }) => Promise<LookupAddress[]>;

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

const parse = (address: string) => {
  const a = ipaddr.parse(address);
  return a.kind() === 'ipv6' && (a as ipaddr.IPv6).isIPv4MappedAddress() ? (a as ipaddr.IPv6).toIPv4Address() : a;
};

export const isLoopback = (address: string) => ipaddr.isValid(address) && parse(address).range() === 'loopback';
/** Only global unicast addresses are public. */
export const isPublic = (address: string) => ipaddr.isValid(address) && parse(address).range() === 'unicast';

const isLoopbackName = (hostname: string) => {
  const h = bare(hostname).toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || isLoopback(h);
};

/** Why an endpoint URL is refused before anything is resolved, or null. */
export function urlProblem(raw: string, policy: UrlPolicy): string | null {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    return 'Enter a full URL starting with https://';
  }
  if (u.username || u.password) return 'The URL may not carry a user name or password';
  const host = bare(u.hostname);
  if (u.protocol === 'http:') {
    if (!policy.privateAllowed || !isLoopbackName(host))
      return 'Use https:// (plain http:// is accepted only for this machine, in development)';
  } else if (u.protocol !== 'https:') return 'Enter a full URL starting with https://';
  if (!policy.privateAllowed && (isLoopbackName(host) || (ipaddr.isValid(host) && !isPublic(host))))
    return 'The endpoint must be a public address (private, loopback and link-local addresses are refused)';
  return null;
}

/** The addresses a delivery may connect to, or why none. */
export async function resolveEndpoint(hostname: string, protocol: string, policy: UrlPolicy): Promise<LookupAddress[]> {
  const host = bare(hostname);
  const addresses = ipaddr.isValid(host) ? [{ address: host, family: host.includes(':') ? 6 : 4 }] : await lookupAll(host, { all: true });
  if (addresses.length === 0) throw new Error(`${host} has no address`);
  for (const a of addresses) {
    if (protocol === 'http:' && !isLoopback(a.address)) throw new Error('plain http is only delivered to this machine');
    if (!policy.privateAllowed && !isPublic(a.address)) throw new Error(`${host} resolves to a non-public address; refused`);
  }
  return addresses;
}

/** At creation in production: the name must resolve now, to public addresses only. */
export async function checkEndpoint(raw: string, policy: UrlPolicy): Promise<string | null> {
  const problem = urlProblem(raw, policy);
  if (problem || policy.privateAllowed) return problem;
  const u = new URL(raw);
  try {
    await resolveEndpoint(u.hostname, u.protocol, policy);
    return null;
  } catch (err) {
    return `The endpoint cannot be used: ${(err as Error).message}`;
  }
}
