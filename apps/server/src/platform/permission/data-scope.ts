import { createHash } from 'node:crypto';
import { DataScope } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Trx } from '../db/database.js';
import { affiliatedOrgIds, enabledRoleScopes, orgPaths, orgSubtree, roleOrgIds } from './data-scope.repo.js';

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
  /** Organisations whose rows are visible (ignored when `all`), subtrees expanded: for checks in code. */
  orgIds: string[];
  /**
   * What SQL filters by: the paths (migration 0033) of the organisations visible with all their
   * descendants ("and below"), each an index range...
   */
  subtreePaths: string[];
  /** ...and those visible on their own. Both short lists, whatever the size of the subtrees. */
  singleOrgIds: string[];
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

/** The scope of a user without roles: the rows they created, and their own account. */
export const ownRowsOnly = (ownerId: string): DataScopeSet => ({
  all: false,
  orgIds: [],
  subtreePaths: [],
  singleOrgIds: [],
  ownerId,
});

export async function computeDataScope(
  trx: Trx,
  principal: Pick<Principal, 'userId' | 'isSuperAdmin' | 'isSysAdmin' | 'roleIds' | 'orgId'>,
): Promise<DataScopeSet> {
  const scope = ownRowsOnly(principal.userId);
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
  const roots = kinds.has(DataScope.DeptChild) ? [...home, ...affiliated] : [];
  for (const id of await orgSubtree(trx, roots)) orgIds.add(id);
  const singles = new Set<string>();
  if (kinds.has(DataScope.Dept)) for (const id of [...home, ...affiliated]) singles.add(id);
  const defined = roles.filter((r) => r.dataScope === DataScope.Define).map((r) => r.id);
  if (defined.length > 0) {
    const rows = await roleOrgIds(trx, defined);
    for (const r of rows) singles.add(r.orgId);
  }
  for (const id of roots) singles.delete(id);
  for (const id of singles) orgIds.add(id);
  return {
    ...scope,
    orgIds: [...orgIds],
    subtreePaths: await orgPaths(trx, [...new Set(roots)]),
    singleOrgIds: [...singles],
  };
}

/**
 * The SQL condition "the organisation in `orgColumn` is below one of these paths (or is its
 * organisation)": one index range of `sys_org.path` each (`/1/5/` up to `/1/50`: '/' sorts just
 * before '0'), so a subtree of thousands of organisations costs no more to send than its path, and
 * the planner, given the bounds themselves, reads just that range. No paths: nothing matches.
 */
export function inSubtrees(orgColumn: string, paths: readonly string[]) {
  if (paths.length === 0) return sql<boolean>`false`;
  const ranges = paths.map((path) => sql`(path >= ${path} and path < ${path.slice(0, -1) + '0'})`);
  return sql<boolean>`${sql.ref(orgColumn)} in (select id from sys_org where ${sql.join(ranges, sql` or `)})`;
}

/**
 * The SQL condition "this row is visible": `orgColumn` in the scope's organisations (subtrees as
 * index ranges), or one of the `ownerColumns` (creator; for accounts also the account's own id) is
 * the user. Pass qualified column names of the table being filtered.
 */
export function scopeCondition(scope: DataScopeSet, orgColumn: string, ownerColumns: string[]) {
  if (scope.all) return sql<boolean>`true`;
  const visible = ownerColumns.map((column) => sql<boolean>`${sql.ref(column)} = ${scope.ownerId}`);
  if (scope.subtreePaths.length > 0) visible.unshift(inSubtrees(orgColumn, scope.subtreePaths));
  if (scope.singleOrgIds.length > 0) {
    visible.unshift(sql<boolean>`${sql.ref(orgColumn)} = any(${scope.singleOrgIds}::bigint[])`);
  }
  if (visible.length === 0) return sql<boolean>`false`;
  return sql<boolean>`(${sql.join(visible, sql` or `)})`;
}
