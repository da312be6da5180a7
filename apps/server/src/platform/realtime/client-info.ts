import type { IncomingHttpHeaders } from 'node:http';
import { describeUserAgent } from '../http/user-agent.js';

const stripMapped = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * The client's address as the HTTP side sees it: the peer, or with a trusted proxy the nearest
 * X-Forwarded-For hop that is not one of the listed proxies (the first hop when every peer is trusted).
 */
export function clientAddress(
  peer: string,
  headers: IncomingHttpHeaders,
  trustProxy: boolean | string[],
): string {
  const forwarded = headers['x-forwarded-for'];
  const header = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  if (!trustProxy || !header) return stripMapped(peer);
  if (Array.isArray(trustProxy) && !trustProxy.includes(stripMapped(peer))) return stripMapped(peer);
  const hops = header
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (trustProxy === true) return stripMapped(hops[0] ?? peer);
  const client = [...hops].reverse().find((hop) => !trustProxy.includes(hop));
  return stripMapped(client ?? hops[0] ?? peer);
}

/** Browser and operating system of a user agent, cut to the column sizes. */
export function clientAgent(headers: IncomingHttpHeaders): { browser: string | null; os: string | null } {
  const agent = headers['user-agent'];
  if (!agent) return { browser: null, os: null };
  const { browser, os } = describeUserAgent(agent);
  return { browser: browser.slice(0, 128) || null, os: os.slice(0, 64) || null };
}
