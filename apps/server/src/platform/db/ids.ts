/**
 * 64-bit, time-ordered ids (snowflake layout: 41 bits of milliseconds since 2024-01-01, 10 bits of
 * worker, 12 bits of sequence), handed around as decimal strings because JSON numbers lose
 * precision above 2^53.
 */
import { ID_PATTERN } from '@lintel/contracts/wire';

const EPOCH = 1_704_067_200_000n;
const WORKER = BigInt(process.pid % 1024);

let lastMs = 0n;
let sequence = 0n;

export function newId(): string {
  let now = BigInt(Date.now());
  // The clock went backwards (a time step, or a test's fake clock put back): stay in the last
  // millisecond used, so ids keep increasing and the sequence keeps them apart.
  if (now < lastMs) now = lastMs;
  if (now === lastMs) {
    sequence = (sequence + 1n) & 0xfffn;
    // 4096 ids in one millisecond: borrow the next one rather than repeat an id.
    if (sequence === 0n) now = lastMs + 1n;
  } else {
    sequence = 0n;
  }
  lastMs = now;
  return (((now - EPOCH) << 22n) | (WORKER << 12n) | sequence).toString();
}

/** The id bounds and pattern are part of the wire (@lintel/contracts wire/id.ts). */
export { decimalsUpTo, ID_PATTERN, MAX_ID } from '@lintel/contracts/wire';

const ID = new RegExp(ID_PATTERN);

/** A decimal string that fits a signed 64-bit integer and is positive. */
export function isId(value: unknown): value is string {
  return typeof value === 'string' && ID.test(value);
}
