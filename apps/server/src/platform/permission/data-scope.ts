import { createHash } from 'node:crypto';
import { DataScope } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Trx } from '../db/database.js';
import { affiliatedOrgIds, enabledRoleScopes, orgSubtree, roleOrgIds } from './data-scope.repo.js';

/**
 * What rows of organisation-owned data a user may see (SPEC 6 "Role data scope"): the union over
 * the user's enabled roles.
 * - All: everything (also for system admins and the super admin).
 * - DeptChild: the user's organisation and its descendants, plus their affiliated organisations and
 *   their descendants.
 * - Dept: the user's organisation and their affiliated organisations.
 * - Define: the organisations the role names.
 * - Self: rows the user created (and their own account).
 * A user without roles sees their own rows only.
 */
export interface DataScopeSet {
  all: boolean;
  /** Organisations whose rows are visible (ignored when `all`). */
  orgIds: string[];
  /** Rows created by this user are visible whatever their organisation. */
  ownerId: string;
}

/**
 * Scopes by principal object. A cached principal is replaced whenever anything its scope depends on
 * changes (its roles, organisation or affiliations: the user stamp; roles' scopes and organisation
 * grants, the organisation tree: the tenant or menu epoch), so the scope computed for one principal
 * object stays right for as long as that object is in use, and large subtrees are walked once.
 */
const scopes = new WeakMap<Principal, DataScopeSet>();

export async function resolveDataScope(trx: Trx, principal: Principal): Promise<DataScopeSet> {
  const known = scopes.get(principal);
  if (known) return known;
  const scope = await computeDataScope(trx, principal);
  scopes.set(principal, scope);
  return scope;
}

const scopeKeys = new WeakMap<DataScopeSet, string>();

/** A short key naming exactly what a scope shows (for caches of counts under that scope). */
export function scopeKey(scope: DataScopeSet): string {
  if (scope.all) return 'all';
  let key = scopeKeys.get(scope);
  if (!key) {
    const orgs = createHash('sha1')
      .update([...scope.orgIds].sort().join(','))
      .digest('base64url');
    key = `${scope.ownerId}:${orgs}`;
    scopeKeys.set(scope, key);
  }
  return key;
}

export async function computeDataScope(
  trx: Trx,
  principal: Pick<Principal, 'userId' | 'isSuperAdmin' | 'isSysAdmin' | 'roleIds' | 'orgId'>,
): Promise<DataScopeSet> {
  const scope: DataScopeSet = { all: false, orgIds: [], ownerId: principal.userId };
  if (principal.isSuperAdmin || principal.isSysAdmin) return { ...scope, all: true };
  if (principal.roleIds.length === 0) return scope;

  const roles = await enabledRoleScopes(trx, principal.roleIds);
  const kinds = new Set(roles.map((r) => r.dataScope));
  if (kinds.has(DataScope.All)) return { ...scope, all: true };

  const home = principal.orgId ? [principal.orgId] : [];
  const affiliated =
    kinds.has(DataScope.Dept) || kinds.has(DataScope.DeptChild)
      ? await affiliatedOrgIds(trx, principal.userId)
      : [];
  const orgIds = new Set<string>();
  if (kinds.has(DataScope.DeptChild)) {
    for (const id of await orgSubtree(trx, [...home, ...affiliated])) orgIds.add(id);
  }
  if (kinds.has(DataScope.Dept)) for (const id of [...home, ...affiliated]) orgIds.add(id);
  const defined = roles.filter((r) => r.dataScope === DataScope.Define).map((r) => r.id);
  if (defined.length > 0) {
    const rows = await roleOrgIds(trx, defined);
    for (const r of rows) orgIds.add(r.orgId);
  }
  return { ...scope, orgIds: [...orgIds] };
}

/**
 * The SQL condition "this row is visible": `orgColumn` in the scope's organisations, or one of the
 * `ownerColumns` (creator; for accounts also the account's own id) is the user. Pass qualified
 * column names of the table being filtered.
 */
export function scopeCondition(scope: DataScopeSet, orgColumn: string, ownerColumns: string[]) {
  if (scope.all) return sql<boolean>`true`;
  const owner = sql.join(
    ownerColumns.map((column) => sql`${sql.ref(column)} = ${scope.ownerId}`),
    sql` or `,
  );
  if (scope.orgIds.length === 0) return sql<boolean>`(${owner})`;
  // `in (select unnest(...))` rather than `= any(...)`: the planner estimates `= any` element by
  // element (over a millisecond for the thousand organisations of a large subtree, on every query),
  // while the subquery is planned once and probed as a hash.
  return sql<boolean>`(${sql.ref(orgColumn)} in (select unnest(${scope.orgIds}::bigint[])) or ${owner})`;
}
