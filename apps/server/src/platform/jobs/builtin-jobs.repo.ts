import type { Trx } from '../db/database.js';

/** The SQL of the built-in cleanup jobs that has no other home. */

/**
 * Deletes refresh-token families (and with them their revocations) that expired before `before`:
 * an expired family can neither refresh nor be reused, so its row only answers "revoked" for access
 * tokens that have themselves long expired. Runs as the platform role: every tenant at once.
 */
export async function deleteExpiredTokenFamilies(trx: Trx, before: Date): Promise<number> {
  const result = await trx.deleteFrom('sysTokenFamily').where('expiresAt', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
