import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id at OWASP's minimum recommended parameters (19 MiB, 2 passes, 1 lane). Hashing runs on
 * libuv's thread pool, so sign-in bursts do not block the event loop.
 */
const ARGON2ID = 2; // Algorithm.Argon2id (a const enum in the typings)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
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
