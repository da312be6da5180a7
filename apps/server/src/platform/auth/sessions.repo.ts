import type { Insertable } from 'kysely';
import type { Trx } from '../db/database.js';
import type { SysTokenFamilyTable } from '../db/schema.js';

/** The SQL of sessions: token families (sys_token_family), in the account's own tenant. */

export async function insertTokenFamily(trx: Trx, row: Insertable<SysTokenFamilyTable>): Promise<void> {
  await trx.insertInto('sysTokenFamily').values(row).execute();
}

/** The family, locked for the rest of the transaction (one rotation at a time). */
export function lockTokenFamily(trx: Trx, familyId: string) {
  return trx
    .selectFrom('sysTokenFamily')
    .selectAll()
    .where('id', '=', familyId)
    .forUpdate()
    .executeTakeFirst();
}

export async function rotateTokenFamily(trx: Trx, familyId: string, generation: number): Promise<void> {
  await trx
    .updateTable('sysTokenFamily')
    .set({ generation, rotatedAt: new Date() })
    .where('id', '=', familyId)
    .execute();
}

/** Revokes a family whose old refresh token came back (reuse): whatever its state. */
export async function revokeReusedFamily(trx: Trx, familyId: string): Promise<void> {
  await trx
    .updateTable('sysTokenFamily')
    .set({ revokedAt: new Date(), revokeReason: 'reuse' })
    .where('id', '=', familyId)
    .execute();
}

/** Revokes one family unless it already was. */
export async function revokeTokenFamily(trx: Trx, familyId: string, reason: string): Promise<void> {
  await trx
    .updateTable('sysTokenFamily')
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where('id', '=', familyId)
    .where('revokedAt', 'is', null)
    .execute();
}

/** Revokes every live family of a user. */
export async function revokeUserTokenFamilies(trx: Trx, userId: string, reason: string): Promise<void> {
  await trx
    .updateTable('sysTokenFamily')
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where('userId', '=', userId)
    .where('revokedAt', 'is', null)
    .where('expiresAt', '>', new Date())
    .execute();
}

/** Families of a user revoked but not yet expired (their access tokens are refused). */
export function revokedTokenFamilyIds(trx: Trx, userId: string) {
  return trx
    .selectFrom('sysTokenFamily')
    .select('id')
    .where('userId', '=', userId)
    .where('revokedAt', 'is not', null)
    .where('expiresAt', '>', new Date())
    .execute();
}
