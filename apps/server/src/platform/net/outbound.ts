import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent, fetch as undiciFetch, type RequestInit, type Response } from 'undici';

/**
 * Addresses the server itself may call, and that administrators may point pages at (third-party
 * sign-in endpoints, menu links): public internet hosts only. Loopback, private, link-local and other
 * special ranges are refused (SSRF: a tenant admin must not make the server read its own metadata
 * service or an internal system), unless the operator names them in ALLOW_PRIVATE_HOSTS, e.g. a
 * school's own identity provider on its intranet.
 */
export type HostVerdict = 'public' | 'allowed' | 'private' | 'unresolvable' | 'invalid';

/** A host the outbound policy refuses, or one that does not resolve. */
export class HostRefused extends Error {
  override name = 'HostRefused';
  constructor(readonly reason: 'private' | 'unresolvable' | 'invalid') {
    super(reason);
  }
}

export class OutboundPolicy {
  private readonly names: Set<string>;
  private readonly ranges: [ipaddr.IPv4 | ipaddr.IPv6, number][];
  /** A connection pool whose every connection is checked after DNS, so a name cannot rebind. */
  readonly dispatcher: Agent;

  constructor(allowed: readonly string[]) {
    this.names = new Set(allowed.filter((entry) => !isAddressOrRange(entry)).map((n) => n.toLowerCase()));
    this.ranges = allowed.filter(isAddressOrRange).map(toRange);
    this.dispatcher = new Agent({ connect: { lookup: this.lookup } });
  }

  /** Whether an address (v4, v6 or v4-mapped) is an ordinary public one, or one the operator allowed. */
  addressAllowed(address: string): boolean {
    if (!ipaddr.isValid(address)) return false;
    const ip = ipaddr.process(address);
    // `::a.b.c.d` (IPv4-compatible, deprecated) is "unicast" to ipaddr.js, yet some stacks route it
    // to the embedded IPv4 address (`[::7f00:1]` is 127.0.0.1): never public.
    if (ip.kind() === 'ipv6' && ip.match(IPV4_COMPATIBLE, 96)) return this.inAllowedRange(ip);
    if (ip.range() === 'unicast') return true;
    return this.inAllowedRange(ip);
  }

  private inAllowedRange(ip: ipaddr.IPv4 | ipaddr.IPv6): boolean {
    return this.ranges.some(([range, bits]) => range.kind() === ip.kind() && ip.match(range, bits));
  }

  /** Judges the host of a URL without contacting it: literal addresses directly, names through DNS. */
  async judge(url: string): Promise<HostVerdict> {
    let host: string;
    try {
      // `localhost.` and `example.com.` are the same hosts as without the final dot.
      host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    } catch {
      return 'invalid';
    }
    if (!host) return 'invalid';
    if (this.names.has(host)) return 'allowed';
    const literal = host.startsWith('[') ? host.slice(1, -1) : host;
    if (net.isIP(literal)) return this.addressAllowed(literal) ? 'public' : 'private';
    if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
    const addresses = await dns.promises.lookup(host, { all: true }).catch(() => undefined);
    if (!addresses?.length) return 'unresolvable';
    return addresses.every((a) => this.addressAllowed(a.address)) ? 'public' : 'private';
  }

  /**
   * The address to open a raw connection to (an external database, a directory server): the host
   * judged first, then a public name resolved here and the connection made to the checked address,
   * so DNS cannot rebind it between the check and the connection. Throws HostRefused.
   */
  async dialAddress(host: string, port: number): Promise<string> {
    const literal = host.replace(/^\[|\]$/g, '');
    const hostInUrl = net.isIPv6(literal) ? `[${literal}]` : host;
    const verdict = await this.judge(`http://${hostInUrl}:${port}/`);
    if (verdict !== 'public' && verdict !== 'allowed') throw new HostRefused(verdict);
    if (verdict === 'allowed' || net.isIP(literal)) return literal;
    const found = await dns.promises.lookup(literal, { all: true }).catch(() => []);
    const usable = found.filter((a) => this.addressAllowed(a.address));
    if (usable.length === 0 || usable.length !== found.length) throw new HostRefused('private');
    return usable[0]!.address;
  }

  /**
   * fetch() that reaches only what judge() accepts. Names are checked again at connection time (the
   * dispatcher's lookup), so an answer that changes between the check and the call is still refused.
   */
  async fetch(url: string, init: Omit<RequestInit, 'dispatcher'> = {}): Promise<Response> {
    const verdict = await this.judge(url);
    if (verdict === 'private' || verdict === 'invalid')
      throw new OutboundRefused(`${new URL(url).host} is not a public address`);
    // An allowed name may resolve to a private address by design: skip the connection-time check.
    return undiciFetch(url, verdict === 'allowed' ? init : { ...init, dispatcher: this.dispatcher });
  }

  private readonly lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const refused = addresses.find((a) => !this.addressAllowed(a.address));
      if (refused) return callback(new OutboundRefused(`${hostname} resolves to ${refused.address}`), '', 0);
      if (options.all)
        return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

/** The server refused to call an address (it is not public). */
const IPV4_COMPATIBLE = ipaddr.parse('::');

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

function isAddressOrRange(entry: string): boolean {
  return ipaddr.isValid(entry) || (entry.includes('/') && isValidCidr(entry));
}

function isValidCidr(entry: string): boolean {
  try {
    ipaddr.parseCIDR(entry);
    return true;
  } catch {
    return false;
  }
}

function toRange(entry: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  if (entry.includes('/')) return ipaddr.parseCIDR(entry);
  const ip = ipaddr.process(entry);
  return [ip, ip.kind() === 'ipv4' ? 32 : 128];
}

/** Validates one ALLOW_PRIVATE_HOSTS entry: a host name, an address or a CIDR range. */
export function isAllowEntry(entry: string): boolean {
  return (
    isAddressOrRange(entry) ||
    /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(entry)
  );
}
