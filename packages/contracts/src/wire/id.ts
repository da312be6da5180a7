/**
 * Ids on the wire: 64-bit, time-ordered, handed around as decimal strings because JSON numbers lose
 * precision above 2^53 (ARCHITECTURE section 4). The server makes them (apps/server platform/db/ids.ts).
 */

/** The largest id: PostgreSQL's bigint, a signed 64-bit integer. */
export const MAX_ID = 9223372036854775807n;

/**
 * A regular expression (without anchors) for the decimal numbers from 1 to `max`, written without
 * leading zeros: shorter numbers, then, digit by digit, those that stay below `max`'s prefix. The
 * bound lives in the pattern itself so that every JSON schema and the API description carry it.
 */
export function decimalsUpTo(max: bigint): string {
  const digits = max.toString();
  const alternatives: string[] = [];
  if (digits.length > 1) alternatives.push(`[1-9]\\d{0,${digits.length - 2}}`);
  for (let i = 0; i < digits.length; i++) {
    const lowest = i === 0 ? 1 : 0;
    const digit = Number(digits[i]);
    const rest = digits.length - i - 1;
    if (digit > lowest) {
      alternatives.push(`${digits.slice(0, i)}[${lowest}-${digit - 1}]${rest ? `\\d{${rest}}` : ''}`);
    }
  }
  alternatives.push(digits);
  return alternatives.join('|');
}

/** An id as a JSON-schema pattern: 1 to 2^63 - 1, no sign, no leading zero. */
export const ID_PATTERN = `^(?:${decimalsUpTo(MAX_ID)})$`;
