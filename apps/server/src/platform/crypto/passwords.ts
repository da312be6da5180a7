import { passwordPolicyIssues } from '@lintel/contracts';
import { randomInt } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum recommended parameters (19 MiB, 2 passes, 1 lane). Hashing runs on
 * libuv's thread pool, so sign-in bursts do not block the event loop.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * At most one hash per core at a time, first come first served: a burst of sign-ins queues here
 * instead of filling libuv's thread pool (which file and DNS work share) and oversubscribing the
 * cores the event loop needs, which spreads the latency of everything.
 */
const MAX_CONCURRENT = Math.max(1, availableParallelism());
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running < MAX_CONCURRENT) running++;
  else await new Promise<void>((resolve) => waiting.push(resolve)); // the slot is handed over
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

export function hashPassword(password: string): Promise<string> {
  return limited(() => hash(password, OPTIONS));
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await limited(() => verify(stored, password));
  } catch {
    return false; // not an argon2 hash: never equal
  }
}

/** A hash of a random password, verified against when an account does not exist (same timing). */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

const UPPER = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const LOWER = 'abcdefghijkmnpqrstuvwxyz';
const DIGITS = '23456789';
const SPECIAL = '@#$%&*!?';

/**
 * A random password that passes the policy (SPEC 5): 12 characters with at least one upper and
 * lower case letter, digit and special character, in random order (look-alike characters left out).
 */
export function randomPassword(length = 12): string {
  const pick = (set: string) => set[randomInt(set.length)]!;
  const all = UPPER + LOWER + DIGITS + SPECIAL;
  const chars = [pick(UPPER), pick(LOWER), pick(DIGITS), pick(SPECIAL)];
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j]!, chars[i]!];
  }
  const password = chars.join('');
  if (passwordPolicyIssues(password).length) throw new Error('generated password fails the policy');
  return password;
}
