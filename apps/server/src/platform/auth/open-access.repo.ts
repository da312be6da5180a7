import { sql } from 'kysely';
import type { Trx } from '../db/database.js';
import './open-access.table.js';

/** The key a signed request names, with what the gate checks of its account. */
export async function findSigningKey(trx: Trx, accessKey: string) {
  return trx
    .selectFrom('sysOpenAccess as k')
    .leftJoin('sysUser as u', 'u.id', 'k.bindUserId')
    .select([
      'k.id',
      'k.tenantId',
      'k.accessSecret',
      'k.bindUserId',
      'k.status',
      'u.tenantId as userTenantId',
      sql<boolean>`exists (select 1 from sys_login_failure f where f.subject = 'u:' || k.bind_user_id
        and f.locked_until > now())`.as('locked'),
    ])
    .where('k.accessKey', '=', accessKey)
    .executeTakeFirst();
}

/** Who used the key last, from where (shown on the key list). */
export async function touchSigningKey(trx: Trx, id: string, ip: string): Promise<void> {
  await trx
    .updateTable('sysOpenAccess')
    .set({ lastUsedTime: sql<Date>`now()`, lastUsedIp: ip.slice(0, 64) })
    .where('id', '=', id)
    .execute();
}
