import { AccountType, Status } from '@lintel/contracts';
import type { Insertable, Selectable, Updateable } from 'kysely';
import type { LdapFilter } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import type { SysOrgTable, SysUserTable } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { AccountRow, OrgLink } from './ldap-sync.js';
import type { SysLdapTable, SysUserLdapTable } from './sys-ldap.table.js';

export type LdapRecord = Selectable<SysLdapTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of directory settings, the links of accounts and organisations, and what sync writes. */
export class SysLdapRepo {
  page(trx: Trx, filter: LdapFilter, sort: Sort) {
    let query = trx.selectFrom('sysLdap').selectAll();
    const host = filter.host || filter.keyword;
    if (host) query = query.where('host', 'ilike', containsPattern(host));
    return paginate(query, filter, sort);
  }

  list(trx: Trx): Promise<LdapRecord[]> {
    return trx.selectFrom('sysLdap').selectAll().orderBy('createTime').execute();
  }

  find(trx: Trx, id: string): Promise<LdapRecord | undefined> {
    return trx.selectFrom('sysLdap').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /**
   * Enabled settings of every tenant the connection holds (a platform transaction), with who
   * changed each last: the scheduled synchronisation acts as that administrator.
   */
  enabledSettings(trx: Trx) {
    return trx
      .selectFrom('sysLdap')
      .select(['id', 'tenantId', 'createUserId', 'updateUserId'])
      .where('status', '=', Status.Enable)
      .execute();
  }

  /** The tenant's setting (there is one at most). */
  current(trx: Trx): Promise<LdapRecord | undefined> {
    return trx.selectFrom('sysLdap').selectAll().executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysLdapTable>): Promise<void> {
    await trx.insertInto('sysLdap').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysLdapTable>): Promise<void> {
    await trx.updateTable('sysLdap').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysLdap').where('id', '=', id).execute();
  }

  /** The directory link of an account, if it has one. */
  /**
   * The directory a sign-in of this account asks: its link and the tenant's setting while enabled,
   * in one query of the sign-in's own lookup transaction (every password sign-in runs it).
   */
  signInDirectory(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysUserLdap as link')
      .innerJoin('sysLdap as setting', (join) => join.on('setting.status', '=', Status.Enable))
      .selectAll('setting')
      .select('link.account as linkedAccount')
      .where('link.userId', '=', userId)
      .executeTakeFirst();
  }

  /** The organisation the tenant's directory units go under: its first top-level organisation. */
  async rootOrgId(trx: Trx): Promise<string | undefined> {
    const row = await trx
      .selectFrom('sysOrg')
      .select('id')
      .where('pid', '=', '0')
      .orderBy('orderNo')
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Synchronised units by code, with their organisation's name and parent now. */
  async orgLinks(trx: Trx): Promise<Map<string, OrgLink>> {
    const rows = await trx
      .selectFrom('sysOrgLdap as l')
      .innerJoin('sysOrg as o', 'o.id', 'l.orgId')
      .select(['l.code', 'l.orgId', 'l.dn', 'o.name', 'o.pid'])
      .execute();
    return new Map(rows.map((r) => [r.code, { orgId: r.orgId, code: r.code, name: r.name, pid: r.pid }]));
  }

  /** Organisation of each synchronised unit, by the unit's DN as last synchronised. */
  unitOrgs(trx: Trx) {
    return trx.selectFrom('sysOrgLdap').select(['dn', 'orgId', 'code']).execute();
  }

  async insertOrg(trx: Trx, org: Insertable<SysOrgTable>, code: string, dn: string, linkId: string) {
    await trx.insertInto('sysOrg').values(org).execute();
    await trx
      .insertInto('sysOrgLdap')
      .values({ id: linkId, tenantId: org.tenantId, orgId: org.id, code, dn })
      .execute();
  }

  async updateOrg(trx: Trx, orgId: string, patch: Updateable<SysOrgTable>, code: string, dn: string) {
    await trx.updateTable('sysOrg').set(patch).where('id', '=', orgId).execute();
    await trx.updateTable('sysOrgLdap').set({ dn }).where('code', '=', code).execute();
  }

  /** Every account of the tenant, with its directory account name when it is linked. */
  async accounts(trx: Trx): Promise<(AccountRow & { linkedAs: string | null; linkedDn: string | null })[]> {
    const rows = await trx
      .selectFrom('sysUser as u')
      .leftJoin('sysUserLdap as l', 'l.userId', 'u.id')
      .select(['u.id', 'u.account', 'u.realName', 'u.email', 'u.orgId', 'u.employeeId', 'u.accountType'])
      .select(['u.status', 'l.account as linkedAs', 'l.dn as linkedDn'])
      .execute();
    return rows.map(({ accountType, ...row }) => ({
      ...row,
      superAdmin: accountType === AccountType.SuperAdmin,
    }));
  }

  async insertUser(trx: Trx, user: Insertable<SysUserTable>): Promise<void> {
    await trx.insertInto('sysUser').values(user).execute();
  }

  async updateUser(trx: Trx, id: string, patch: Updateable<SysUserTable>): Promise<void> {
    await trx.updateTable('sysUser').set(patch).where('id', '=', id).execute();
  }

  /** Links an account to its entry, or refreshes the link it has. */
  async linkUser(trx: Trx, link: Insertable<SysUserLdapTable>): Promise<void> {
    await trx
      .insertInto('sysUserLdap')
      .values(link)
      .onConflict((oc) =>
        oc.columns(['tenantId', 'userId']).doUpdateSet({
          account: link.account,
          employeeId: link.employeeId ?? null,
          deptCode: link.deptCode ?? null,
          dn: link.dn,
          updateTime: new Date(),
        }),
      )
      .execute();
  }

  /** Removes an account's link: it signs in with its own password again. */
  async unlinkUser(trx: Trx, userId: string): Promise<number> {
    const result = await trx.deleteFrom('sysUserLdap').where('userId', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
