import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';

/** The account picker's query: runs in the tenant's transaction (RLS keeps it to the tenant). */
export function pickAccounts(trx: Trx, keyword: string, limit: number) {
  const pattern = containsPattern(keyword);
  return trx
    .selectFrom('sysUser as u')
    .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
    .select(['u.id', 'u.account', 'u.realName', 'o.name as orgName'])
    .where((eb) => eb.or([eb('u.account', 'ilike', pattern), eb('u.realName', 'ilike', pattern)]))
    .orderBy('u.account')
    .limit(limit)
    .execute();
}
