import { Status } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import type { Tenant } from '../../platform/db/schema.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { duplicateName, SysTenantRepo } from './sys-tenant.repo.js';
import { TenantType, type TenantFilter, type TenantInput } from './sys-tenant.schema.js';
import { TenantDbService } from './tenant-db.service.js';
import { provisionTenant } from './tenant-provisioning.repo.js';
import { liveTenant } from './tenant-access.service.js';
import { tenantPolicy } from './tenant.policy.js';

/** The database type of shared-database tenants: the main database's. */
const SHARED_DB_TYPE = 'PostgreSQL';

const blankToNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

const toTenantRow = (row: Tenant & { adminAccount: string | null }) => ({
  id: row.id,
  name: row.name,
  userId: row.userId,
  adminAccount: row.adminAccount,
  orgId: row.orgId,
  phone: row.phone,
  email: row.email,
  host: row.host,
  tenantType: row.tenantType,
  dbType: row.dbType,
  enableReg: row.enableReg,
  logo: row.logo,
  title: row.title,
  viceTitle: row.viceTitle,
  viceDesc: row.viceDesc,
  watermark: row.watermark,
  copyright: row.copyright,
  icp: row.icp,
  icpUrl: row.icpUrl,
  orderNo: row.orderNo,
  status: row.status,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

/** The isolation settings a tenant row stores. */
interface DatabaseSettings {
  tenantType: number;
  dbType: string;
  connection: string | null;
}

/**
 * Tenant administration for the super admin (SPEC 6 tenant admin actions; the routes are platform
 * menus nobody else holds). A tenant shares the main database, isolated by tenant id and row-level
 * security (type 0), or has a database of its own (type 1, tenant-db.service.ts).
 */
export class TenantAdminService {
  private readonly repo = new SysTenantRepo();
  private readonly tenantDb: TenantDbService;

  constructor(private readonly ctx: AppContext) {
    this.tenantDb = new TenantDbService(ctx);
  }

  async page(filter: TenantFilter) {
    const page = await this.ctx.db.platform((trx) => this.repo.page(trx, filter));
    return { ...page, items: await this.withAdmins(page.items) };
  }

  /** Tenants as the list shows them, with their administrator account. */
  async withAdmins(items: (Tenant & { adminAccount: string | null })[]) {
    // A database-type tenant's administrator lives in its own database.
    const own = items.filter((t) => t.tenantType === TenantType.Db && !t.adminAccount);
    const accounts = own.length ? await this.tenantDb.adminAccounts(own) : new Map<string, string>();
    return items.map((t) =>
      toTenantRow({ ...t, adminAccount: t.adminAccount ?? accounts.get(t.id) ?? null }),
    );
  }

  /** The isolation type with its database settings; settings are refused on a shared tenant. */
  private databaseSettings(input: TenantInput): DatabaseSettings {
    if ((input.tenantType ?? TenantType.Id) === TenantType.Db) {
      const connection = this.tenantDb.checkSettings(input);
      return { tenantType: TenantType.Db, dbType: this.tenantDb.dbTypeOf(connection), connection };
    }
    const dbType = input.dbType?.trim();
    if (
      (dbType && dbType.toLowerCase() !== SHARED_DB_TYPE.toLowerCase()) ||
      input.connection?.trim() ||
      input.slaveConnections?.trim()
    ) {
      throw badRequest('tenant.dbSettingsOwnDbOnly');
    }
    return { tenantType: TenantType.Id, dbType: SHARED_DB_TYPE, connection: null };
  }

  /** The tenant columns an add or update sets (host lower-cased, blank texts stored as null). */
  private columns(input: TenantInput, settings: DatabaseSettings) {
    return {
      name: input.name.trim(),
      phone: input.phone,
      email: blankToNull(input.email),
      host: blankToNull(input.host)?.toLowerCase() ?? null,
      tenantType: settings.tenantType,
      dbType: settings.dbType,
      connection: settings.connection,
      enableReg: input.enableReg,
      title: input.title?.trim(),
      viceTitle: input.viceTitle,
      viceDesc: input.viceDesc,
      logo: input.logo,
      watermark: input.watermark,
      copyright: input.copyright,
      icp: input.icp,
      icpUrl: input.icpUrl,
      orderNo: input.orderNo,
      status: input.status,
      remark: input.remark,
    };
  }

  private async assertUnique(trx: Trx, input: TenantInput, id?: string) {
    const host = blankToNull(input.host);
    const clash = await this.repo.clash(trx, input.name.trim(), host, id);
    if (clash === 'name') throw conflict('tenant.nameTaken', { name: input.name.trim() });
    if (clash === 'host') throw conflict('tenant.hostTaken', { host: host ?? '' });
  }

  /** Creates a tenant with everything it needs in one transaction; answers its id. */
  async add(principal: Principal, input: TenantInput): Promise<string> {
    const settings = this.databaseSettings(input);
    const columns = this.columns(input, settings);
    if (settings.tenantType === TenantType.Db) {
      return this.tenantDb.add(principal, input, columns, (trx) => this.assertUnique(trx, input));
    }
    const demo = this.ctx.config.nodeEnv !== 'production';
    const made = await this.ctx.db.platform(async (trx) => {
      await this.assertUnique(trx, input);
      const result = await provisionTenant(trx, {
        tenant: columns,
        adminAccount: input.adminAccount,
        phone: input.phone,
        email: columns.email,
        demo,
        createdBy: created(principal),
      }).catch(duplicateName(columns.name));
      this.ctx.audit.diff({
        principal,
        table: 'sysTenant',
        rowId: result.tenantId,
        operation: 'insert',
        after: { ...columns, adminAccount: input.adminAccount, userId: result.adminId, orgId: result.orgId },
      });
      return result;
    });
    return made.tenantId;
  }

  async update(principal: Principal, input: TenantInput & { id: string }): Promise<void> {
    tenantPolicy.assertStatus(input.id, input.status);
    const current = await this.live(input.id);
    // The isolation type and the database are chosen once: moving a tenant's data is not offered.
    // A form that does not send the connection back (the list never shows it) keeps it.
    const keepsConnection = current.tenantType === TenantType.Db && !input.connection?.trim();
    const settings = this.databaseSettings(
      keepsConnection ? { ...input, connection: current.connection, dbType: current.dbType } : input,
    );
    const columns = this.columns(input, settings);
    tenantPolicy.assertIsolationKept(current, settings);
    const ownDb = settings.tenantType === TenantType.Db;
    const renameAdmin = async (trx: Trx) => {
      const admin = current.userId ? await this.repo.tenantAdmin(trx, input.id, current.userId) : undefined;
      if (admin && admin.account !== input.adminAccount) {
        await this.repo
          .renameAccount(trx, input.id, admin.id, { account: input.adminAccount, ...updated(principal) })
          .catch((error: unknown) => {
            throw sqlState(error) === PG_UNIQUE_VIOLATION
              ? conflict('tenant.accountTaken', { account: input.adminAccount })
              : error;
          });
      }
      return admin;
    };
    // A database-type tenant's administrator lives in its own database: renamed there first, once
    // the name and host are known to be free (checked again with the update).
    if (ownDb) await this.ctx.db.platform((trx) => this.assertUnique(trx, input, input.id));
    const ownAdmin = ownDb
      ? await this.tenantDb
          .adminAccounts([current])
          .then((accounts) =>
            accounts.has(input.id) ? this.ctx.db.tenant(input.id, renameAdmin) : undefined,
          )
      : undefined;
    const disabled = await this.ctx.db.platform(async (trx) => {
      const before = await this.repo.find(trx, input.id);
      if (!before) throw notFound('tenant.notFound');
      await this.assertUnique(trx, input, input.id);
      const patch = { ...columns, ...updated(principal) };
      await this.repo.update(trx, input.id, patch, columns.name);
      const admin = ownDb ? ownAdmin : await renameAdmin(trx);
      const hide = (row: object) => {
        const connection = (row as { connection?: string | null }).connection;
        return { ...row, connection: connection ? '***' : null };
      };
      this.ctx.audit.diff({
        principal,
        table: 'sysTenant',
        rowId: input.id,
        operation: 'update',
        before: { ...hide(before), adminAccount: admin?.account ?? null },
        after: { ...hide(applied(before, patch)), adminAccount: admin ? input.adminAccount : null },
      });
      return before.status === Status.Enable && columns.status === Status.Disable;
    });
    if (disabled) await this.endSessions(input.id, 'tenantDisabled');
    await this.ctx.tenants.invalidate(input.id);
  }

  /**
   * Marks a tenant deleted (and disabled) instead of deleting its rows: its accounts, organisations,
   * logs and files stay recoverable, while sign-in and every session end at once. The default
   * (platform) tenant is refused.
   */
  async delete(principal: Principal, id: string): Promise<{ databaseKept: boolean }> {
    tenantPolicy.assertDeletable(id);
    const deleted = await this.ctx.db.platform(async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound('tenant.notFound');
      const patch = { isDelete: true, status: Status.Disable, ...updated(principal) };
      await this.repo.update(trx, id, patch);
      this.ctx.audit.diff({ principal, table: 'sysTenant', rowId: id, operation: 'delete', before: current });
      return current;
    });
    await this.endSessions(id, 'tenantDeleted');
    await this.ctx.tenants.invalidate(id);
    // A database-type tenant's database is kept (its data stays recoverable), only closed here.
    const databaseKept = deleted.tenantType === TenantType.Db;
    if (databaseKept) await this.ctx.db.tenantDatabases?.release(id);
    return { databaseKept };
  }

  /** Enables or disables a tenant; disabling signs its accounts out at once. */
  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    tenantPolicy.assertStatus(id, status);
    await this.ctx.db.platform(async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound('tenant.notFound');
      const patch = { status, ...updated(principal) };
      await this.repo.update(trx, id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysTenant',
        rowId: id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
    });
    if (status === Status.Disable) await this.endSessions(id, 'tenantDisabled');
    await this.ctx.tenants.invalidate(id);
  }

  /** Revokes every live session of the tenant's accounts (after the change has committed). */
  private async endSessions(tenantId: string, reason: string): Promise<void> {
    const users = await this.ctx.db.tenant(tenantId, (trx) => this.repo.usersWithSessions(trx, tenantId));
    for (const userId of users) await this.ctx.sessions.revokeUser(tenantId, userId, reason);
  }

  private live(id: string): Promise<Tenant> {
    return liveTenant(this.ctx, this.repo, id);
  }
}
