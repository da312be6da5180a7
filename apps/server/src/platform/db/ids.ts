/**
 * 64-bit, time-ordered ids (snowflake layout: 41 bits of milliseconds since 2024-01-01, 10 bits of
 * worker, 12 bits of sequence), handed around as decimal strings because JSON numbers lose
 * precision above 2^53.
 */
const EPOCH = 1_704_067_200_000n;
const WORKER = BigInt(process.pid % 1024);

let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    if (sequence === 0n) {
      // 4096 ids in one millisecond: wait for the next one.
      while (now <= lastMs) now = BigInt(Date.now());
    }
  } else {
    sequence = 0n;
  }
  if (now < lastMs) now = lastMs; // clock went backwards: keep ids increasing
  lastMs = now;
  return (((now - EPOCH) << 22n) | (WORKER << 12n) | sequence).toString();
}

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
const ID = new RegExp(ID_PATTERN);

/** A decimal string that fits a signed 64-bit integer and is positive. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}
