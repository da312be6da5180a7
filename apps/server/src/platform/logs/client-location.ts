import ipaddr from 'ipaddr.js';

/** The location stored for an address of the local network; shown in the reader's language. */
export const LOCAL_NETWORK = 'local';

const LOCAL_RANGES = new Set([
  'loopback',
  'private',
  'linkLocal',
  'uniqueLocal',
  'carrierGradeNat',
  'unspecified',
]);

/**
 * Where a sign-in came from, as far as the server knows without a geolocation database: the local
 * network for loopback and private addresses, otherwise unknown (null). Placing public addresses
 * needs an IP-to-region database, which the product does not ship.
 */
export function clientLocation(ip: string | null | undefined): string | null {
  if (!ip || !ipaddr.isValid(ip)) return null;
  return LOCAL_RANGES.has(ipaddr.process(ip).range()) ? LOCAL_NETWORK : null;
}
