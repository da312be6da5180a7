import {
  Status,
  type LdapFilter,
  type LdapInput,
  type LdapRow,
  type LdapSyncReport,
  type LdapTestResult,
  type LdapTls,
  type LdapUpdate,
  type Locale,
} from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';
import type { AppContext } from '../../platform/context.js';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { caCertOf } from './ldap-ca-cert.js';
import { Directory, DirectoryUnavailable, SYNC_LIMIT, type DirectorySetting } from './ldap-directory.js';
import { applySync } from './ldap-sync-apply.js';
import { SysLdapRepo, type LdapRecord } from './sys-ldap.repo.js';

const SORTABLE = { host: 'host', createTime: 'createTime' };

const toOutput = (row: LdapRecord): LdapRow => ({
  id: row.id,
  tenantId: row.tenantId,
  host: row.host,
  port: row.port,
  tls: row.tls as LdapTls,
  caCert: row.caCert,
  baseDn: row.baseDn,
  bindDn: row.bindDn,
  hasBindPass: !!row.bindPass,
  authFilter: row.authFilter,
  version: row.version,
  bindAttrAccount: row.bindAttrAccount,
  bindAttrEmployeeId: row.bindAttrEmployeeId,
  bindAttrCode: row.bindAttrCode,
  bindAttrName: row.bindAttrName,
  status: row.status,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
  createUserName: row.createUserName,
  updateUserName: row.updateUserName,
});

/** The answer for a directory that cannot be used, naming what is wrong. */
export function directoryError(error: unknown): unknown {
  if (error instanceof DirectoryUnavailable) return new AppError(502, `ldap.${error.reason}`);
  return error;
}

/** The tenant's directory setting: its administration, its test and its synchronisation. */
export class SysLdapService {
  private readonly repo = new SysLdapRepo();

  constructor(private readonly ctx: AppContext) {}

  /** The adapter for a stored setting, its bind password opened. */
  directory(row: LdapRecord): Directory {
    const setting: DirectorySetting = {
      ...row,
      tls: row.tls as LdapTls,
      bindPass: row.bindPass ? openSecret(this.ctx.keys, row.bindPass) : '',
    };
    return new Directory(this.ctx.outbound, setting);
  }

  page(principal: Principal, filter: LdapFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'createTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  list(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => (await this.repo.list(trx)).map(toOutput));
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => toOutput(await this.found(trx, id)));
  }

  add(principal: Principal, input: LdapInput): Promise<string> {
    const id = newId();
    return this.oneper(() =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        if (await this.repo.current(trx)) throw conflict('ldap.exists');
        const row = {
          id,
          tenantId: principal.tenantId,
          ...this.fields(input),
          bindPass: input.bindPass ? sealSecret(this.ctx.keys, input.bindPass) : null,
          ...created(principal),
        };
        await this.repo.insert(trx, row);
        const { bindPass: _secret, ...after } = row;
        this.ctx.audit.diff({ principal, table: 'sysLdap', rowId: id, operation: 'insert', after });
        return id;
      }),
    );
  }

  async update(principal: Principal, input: LdapUpdate): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.found(trx, input.id);
      // An empty password keeps the saved one (it is never read back to be sent again).
      const patch = {
        ...this.fields(input),
        ...(input.bindPass ? { bindPass: sealSecret(this.ctx.keys, input.bindPass) } : {}),
        ...updated(principal),
      };
      await this.repo.update(trx, input.id, patch);
      const { bindPass: _before, ...before } = current;
      const { bindPass: _after, ...after } = applied(current, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysLdap',
        rowId: input.id,
        operation: 'update',
        before,
        after,
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const { bindPass: _secret, ...before } = await this.found(trx, id);
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysLdap', rowId: id, operation: 'delete', before });
    });
  }

  /** Connects, binds as the service account and counts what the setting would read. */
  async testConnection(principal: Principal, id: string): Promise<LdapTestResult> {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) => this.found(trx, id));
    const { people, units } = await this.directory(row)
      .read(1000)
      .catch((error: unknown) => {
        throw directoryError(error);
      });
    return { people: people.length, units: units.length };
  }

  /** Units to organisations (`syncDept`), or people to accounts (`syncUser`); a preview writes nothing. */
  async sync(
    principal: Principal,
    locale: Locale,
    input: { id: string; preview?: boolean },
    what: 'units' | 'people',
  ): Promise<LdapSyncReport> {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) => this.found(trx, input.id));
    if (row.status !== Status.Enable) throw badRequest('ldap.disabled');
    const read = await this.directory(row)
      .read()
      .catch((error: unknown) => {
        throw directoryError(error);
      });
    const { report, disabledUserIds } = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      applySync(trx, this.repo, {
        principal,
        locale,
        read,
        complete: read.people.length < SYNC_LIMIT,
        what,
        preview: !!input.preview,
        audit: this.ctx.audit,
      }),
    );
    if (!input.preview && what === 'people' && report.added > 0)
      await countCacheOf(this.ctx.cache).changed(principal.tenantId, 'sysUser');
    for (const userId of disabledUserIds)
      await this.ctx.sessions.revokeUser(principal.tenantId, userId, 'disabled');
    // New or moved organisations change cached principals' organisation names and data scopes.
    if (!input.preview && report.added + report.updated + report.linked > 0)
      await this.ctx.tenants.invalidate(principal.tenantId);
    return report;
  }

  private async found(trx: Trx, id: string): Promise<LdapRecord> {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    return row;
  }

  private fields(input: LdapInput) {
    // The typed sign-in name goes where %s is: a filter without it would match anyone.
    if (!input.authFilter.includes('%s')) throw badRequest('ldap.filterNeedsName');
    return {
      host: input.host.trim(),
      port: input.port,
      tls: input.tls ?? 'none',
      caCert: caCertOf(input.caCert),
      baseDn: input.baseDn.trim(),
      bindDn: input.bindDn.trim(),
      authFilter: input.authFilter.trim(),
      version: input.version ?? 3,
      bindAttrAccount: input.bindAttrAccount ?? 'sAMAccountName',
      bindAttrEmployeeId: input.bindAttrEmployeeId ?? 'EmployeeId',
      bindAttrCode: input.bindAttrCode ?? 'objectGUID',
      bindAttrName: input.bindAttrName ?? 'cn',
      status: input.status ?? Status.Enable,
      remark: input.remark ?? null,
    };
  }

  /** Two adds at once for one tenant: the unique index decides. */
  private async oneper<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('ldap.exists');
      throw error;
    }
  }
}
