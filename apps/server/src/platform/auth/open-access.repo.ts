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

/**
 * When and from where the key was used last (shown on the key list). A busy client would write the
 * row on every call: within a minute from the same address the old mark stands.
 */
export async function touchSigningKey(trx: Trx, id: string, ip: string): Promise<void> {
  const from = ip.slice(0, 64);
  await trx
    .updateTable('sysOpenAccess')
    .set({ lastUsedTime: sql<Date>`now()`, lastUsedIp: from })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('lastUsedTime', 'is', null),
        eb('lastUsedTime', '<', sql<Date>`now() - interval '1 minute'`),
        eb('lastUsedIp', 'is', null),
        eb('lastUsedIp', '<>', from),
      ]),
    )
    .execute();
}
