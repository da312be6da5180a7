/**
 * Identifiers and timestamps of the tools demo. Random values come from crypto.getRandomValues,
 * which browsers offer on plain-http sites too (crypto.randomUUID is limited to secure contexts).
 */

/** A random (version 4) UUID as RFC 9562 §5.4 lays it out. */
export function uuidV4(random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b)): string {
  const bytes = random(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export const ALPHABETS = {
  lower: 'abcdefghijklmnopqrstuvwxyz',
  upper: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ',
  digits: '0123456789',
  symbols: '!#$%&*+-=?@^_~',
} as const;
export type AlphabetPart = keyof typeof ALPHABETS;

/**
 * A random string of `length` characters of the chosen parts. Bytes at or above the largest
 * multiple of the alphabet's size are drawn again, so no character is likelier than another.
 */
export function randomString(
  length: number,
  parts: readonly AlphabetPart[],
  random: (bytes: Uint8Array) => Uint8Array = (b) => crypto.getRandomValues(b),
): string {
  const alphabet = parts.map((part) => ALPHABETS[part]).join('');
  if (!alphabet || length <= 0) return '';
  const limit = 256 - (256 % alphabet.length);
  let out = '';
  while (out.length < length) {
    for (const byte of random(new Uint8Array(length))) {
      if (byte < limit) out += alphabet[byte % alphabet.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** The instant of a Unix timestamp in seconds or milliseconds, or null when it is no valid date. */
export function fromTimestamp(value: string, unit: 's' | 'ms'): Date | null {
  if (!/^-?\d{1,16}$/.test(value.trim())) return null;
  const date = new Date(Number(value) * (unit === 's' ? 1000 : 1));
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The unit a bare number most likely is: 13 digits and more are milliseconds (after 2001-09-09). */
export const guessUnit = (value: string): 's' | 'ms' =>
  value.trim().replace(/^-/, '').length >= 13 ? 'ms' : 's';
