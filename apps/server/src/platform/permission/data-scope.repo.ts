import { Status } from '@lintel/contracts';
import type { Trx } from '../db/database.js';

/** The SQL behind a data scope: roles' scope kinds, affiliated and named organisations, subtrees. */

/** Every organisation of `roots` and below them, in the tenant of the transaction. */
export async function orgSubtree(trx: Trx, roots: string[]): Promise<string[]> {
  if (roots.length === 0) return [];
  const rows = await trx
    .withRecursive('tree(id)', (qb) =>
      qb
        .selectFrom('sysOrg')
        .select('id')
        .where('id', 'in', roots)
        .union((q) => q.selectFrom('sysOrg as o').innerJoin('tree as t', 't.id', 'o.pid').select('o.id')),
    )
    .selectFrom('tree')
    .select('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The materialised paths (migration 0033) of these organisations; none for one without a path. */
export async function orgPaths(trx: Trx, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('sysOrg')
    .select('path')
    .where('id', 'in', ids)
    .where('path', '<>', '')
    .execute();
  return rows.map((r) => r.path);
}

/** The data scope kind of each enabled role among `roleIds`. */
export function enabledRoleScopes(trx: Trx, roleIds: string[]) {
  return trx
    .selectFrom('sysRole')
    .select(['id', 'dataScope'])
    .where('id', 'in', roleIds)
    .where('status', '=', Status.Enable)
    .execute();
}

/** The organisations a user is affiliated with (besides their own). */
export async function affiliatedOrgIds(trx: Trx, userId: string): Promise<string[]> {
  const rows = await trx.selectFrom('sysUserExtOrg').select('orgId').where('userId', '=', userId).execute();
  return rows.map((r) => r.orgId);
}

/** The organisations roles with a defined scope name. */
export function roleOrgIds(trx: Trx, roleIds: string[]) {
  return trx.selectFrom('sysRoleOrg').select('orgId').where('roleId', 'in', roleIds).execute();
}
