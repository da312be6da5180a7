import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Tenant } from '../../platform/db/schema.js';
import {
  isPostgresUrl,
  OWN_DB_TENANT_TYPE,
  type TenantDatabases,
} from '../../platform/db/tenant-databases.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { created } from '../../platform/audit/stamps.js';
import { duplicateName, SysTenantRepo } from './sys-tenant.repo.js';
import type { TenantInput } from './sys-tenant.schema.js';
import { platformDefaultPassword, provisionTenant, type ProvisionInput } from './tenant-provisioning.repo.js';

/** The admin account a tenant database is seeded with when createDb names none. */
export const DEFAULT_ADMIN_ACCOUNT = 'admin';

export interface TenantDbRow {
  id: string;
  name: string;
  kind: 'pglite' | 'postgres';
  location: string;
  ownConnection: boolean;
  created: boolean;
  initialised: boolean;
  version: string | null;
}

export interface TenantDbSyncResult {
  id: string;
  name: string;
  /** synced; notCreated (createDb first); failed (error says why). */
  status: 'synced' | 'notCreated' | 'failed';
  version: string | null;
  menus: number;
  error: string | null;
}

type TenantColumns = ProvisionInput['tenant'];

/** A tenant row as columns to write into a tenant database's copy: no connection string. */
function copyColumns(row: Tenant) {
  const {
    id: _id,
    userId: _userId,
    orgId: _orgId,
    createTime: _createTime,
    updateTime: _updateTime,
    createUserId: _createUserId,
    createUserName: _createUserName,
    carouselFiles,
    ...columns
  } = row;
  return { ...columns, carouselFiles: JSON.stringify(carouselFiles ?? []), connection: null };
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/**
 * Tenants with a database of their own (SPEC 4 tenant setup steps): sysTenant/add sets up the
 * database with the tenant, the setup steps (initTenantDb, initTenantData, createDb) are
 * tenant-db-setup.service.ts, syncTenantDb migrates every tenant database and copies the menus
 * again, tenantDbList lists them. The tenant row itself, with its type, stays in the main database.
 */
export class TenantDbService {
  private readonly repo = new SysTenantRepo();

  constructor(private readonly ctx: AppContext) {}

  get databases(): TenantDatabases {
    const databases = this.ctx.db.tenantDatabases;
    if (!databases) throw new Error('ctx.db does not route tenant databases');
    return databases;
  }

  /** Checks the database settings of a database-type tenant; answers the connection to keep. */
  checkSettings(input: Pick<TenantInput, 'connection' | 'slaveConnections' | 'dbType'>): string | null {
    if (input.slaveConnections?.trim()) throw badRequest('tenantdb.slavesUnsupported');
    const dbType = input.dbType?.trim().toLowerCase();
    if (dbType && dbType !== 'postgresql' && dbType !== 'pglite') {
      throw badRequest('tenantdb.dbTypeUnsupported', { dbType: input.dbType!.trim() });
    }
    const connection = input.connection?.trim() || null;
    if (!connection) {
      if (dbType === 'postgresql' && this.ctx.db.kind !== 'postgres') {
        throw badRequest('tenantdb.connectionRequired');
      }
      return null;
    }
    if (!isPostgresUrl(connection)) throw badRequest('tenantdb.connectionInvalid');
    if (this.databases.isMain(connection)) throw badRequest('tenantdb.connectionIsMain');
    return connection;
  }

  /** The database type shown for a database-type tenant. */
  dbTypeOf(connection: string | null): string {
    return connection || this.ctx.db.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  }

  /**
   * sysTenant/add for tenantType 1: the tenant row in the main database, then its database
   * (initTenantDb) and data (initTenantData). When the database cannot be set up the row stays, so
   * createDb can finish the work once the cause is fixed (the answer says so).
   */
  async add(
    principal: Principal,
    input: TenantInput,
    columns: TenantColumns,
    assertUnique: (trx: Parameters<Parameters<Database['platform']>[0]>[0]) => Promise<void>,
  ): Promise<string> {
    const ids = { tenantId: newId(), orgId: newId(), adminId: newId() };
    const { row, defaultPassword } = await this.ctx.db.platform(async (trx) => {
      await assertUnique(trx);
      const inserted = await this.repo
        .insert(trx, {
          ...columns,
          id: ids.tenantId,
          userId: ids.adminId,
          orgId: ids.orgId,
          ...created(principal),
        })
        .catch(duplicateName(columns.name));
      this.ctx.audit.diff({
        principal,
        table: 'sysTenant',
        rowId: ids.tenantId,
        operation: 'insert',
        after: {
          ...columns,
          connection: columns.connection ? '***' : null,
          adminAccount: input.adminAccount,
          userId: ids.adminId,
          orgId: ids.orgId,
        },
      });
      return { row: inserted, defaultPassword: await platformDefaultPassword(trx) };
    });
    this.databases.register(row.id, row.tenantType, row.connection);
    try {
      const db = await this.databases.create(row.id);
      await this.initData(db, row, input.adminAccount, principal, defaultPassword);
    } catch (error) {
      this.ctx.log.error({ err: error, tenantId: row.id }, 'tenant database setup failed');
      throw badRequest('tenantdb.addInitFailed', { name: row.name, reason: reason(error) });
    }
    return row.id;
  }

  /** A live database-type tenant of the main database (404 / 400 otherwise). */
  async ownDbTenant(id: string): Promise<Tenant> {
    const tenant = await this.repo.find(this.ctx.db.global, id);
    if (!tenant) throw notFound('tenant.notFound');
    if (tenant.tenantType !== OWN_DB_TENANT_TYPE)
      throw badRequest('tenantdb.notOwnDb', { name: tenant.name });
    this.databases.register(tenant.id, tenant.tenantType, tenant.connection);
    return tenant;
  }

  /** Whether the tenant's database holds the tenant (its copy of the tenant row). */
  async initialised(db: Database, tenantId: string): Promise<boolean> {
    return db.platform((trx) => this.repo.exists(trx, tenantId));
  }

  /**
   * initTenantData: seeds the tenant's database in one transaction (refused when it already holds
   * the tenant). Its copy of the tenant row carries no connection string.
   */
  async initData(
    db: Database,
    row: Tenant,
    adminAccount: string,
    principal: Principal,
    defaultPassword: string,
  ): Promise<void> {
    const { id: tenantId, userId, orgId } = row;
    await db.platform(async (trx) => {
      if (await this.repo.exists(trx, tenantId))
        throw badRequest('tenantdb.alreadyInitialised', { name: row.name });
      await provisionTenant(trx, {
        tenant: copyColumns(row),
        adminAccount,
        phone: row.phone ?? '',
        email: row.email,
        demo: this.ctx.config.nodeEnv !== 'production',
        createdBy: created(principal),
        ids: { tenantId, orgId: orgId!, adminId: userId! },
        defaultPassword,
      });
    });
  }

  /**
   * syncTenantDb: brings every tenant database to the latest migration (opening one migrates it)
   * and copies the global menus and the tenant row again; answers per tenant.
   */
  async sync(principal: Principal): Promise<TenantDbSyncResult[]> {
    const tenants = await this.ownDbTenants();
    const results: TenantDbSyncResult[] = [];
    for (const tenant of tenants) {
      try {
        if (!(await this.databases.exists(tenant.id))) {
          results.push({
            id: tenant.id,
            name: tenant.name,
            status: 'notCreated',
            version: null,
            menus: 0,
            error: null,
          });
          continue;
        }
        const db = await this.databases.get(tenant.id);
        const menus = await this.databases.copyMenus(db, tenant.id);
        await this.refreshTenantRow(db, tenant);
        const version = await this.databases.migrationVersion(db);
        results.push({ id: tenant.id, name: tenant.name, status: 'synced', version, menus, error: null });
        this.ctx.audit.diff({
          principal,
          table: 'sysTenant',
          rowId: tenant.id,
          operation: 'update',
          after: { syncTenantDb: { version, menus } },
        });
        await this.ctx.tenants.invalidate(tenant.id);
      } catch (error) {
        this.ctx.log.error({ err: error, tenantId: tenant.id }, 'tenant database sync failed');
        results.push({
          id: tenant.id,
          name: tenant.name,
          status: 'failed',
          version: null,
          menus: 0,
          error: reason(error),
        });
      }
    }
    return results;
  }

  /** Copies the main row's columns (not its connection) onto the tenant database's copy. */
  private async refreshTenantRow(db: Database, tenant: Tenant): Promise<void> {
    const columns = { ...copyColumns(tenant), userId: tenant.userId, orgId: tenant.orgId };
    await db.platform((trx) => this.repo.update(trx, tenant.id, columns));
  }

  /** Every live database-type tenant of the main database (the registry learns them too). */
  private async ownDbTenants(): Promise<Tenant[]> {
    const rows = await this.repo.ofType(this.ctx.db.global, OWN_DB_TENANT_TYPE);
    for (const row of rows) this.databases.register(row.id, row.tenantType, row.connection);
    return rows;
  }

  /** tenantDbList: every live database-type tenant with where its database is and its state. */
  async list(): Promise<TenantDbRow[]> {
    const rows: TenantDbRow[] = [];
    for (const tenant of await this.ownDbTenants()) rows.push(await this.describe(tenant));
    return rows;
  }

  async describe(tenant: Tenant): Promise<TenantDbRow> {
    const where = this.databases.location(tenant.id);
    const base = { id: tenant.id, name: tenant.name, ...where };
    if (!(await this.databases.exists(tenant.id))) {
      return { ...base, created: false, initialised: false, version: null };
    }
    try {
      const db = await this.databases.get(tenant.id);
      return {
        ...base,
        created: true,
        initialised: await this.initialised(db, tenant.id),
        version: await this.databases.migrationVersion(db),
      };
    } catch (error) {
      if (error instanceof AppError) throw error;
      this.ctx.log.warn({ err: error, tenantId: tenant.id }, 'tenant database unreachable');
      return { ...base, created: true, initialised: false, version: null };
    }
  }

  /** The administrator account names of database-type tenants, read in their own databases. */
  async adminAccounts(tenants: { id: string; userId: string | null }[]): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    for (const tenant of tenants) {
      if (!tenant.userId || !(await this.databases.exists(tenant.id).catch(() => false))) continue;
      const row = await this.ctx.db
        .tenant(tenant.id, (trx) => this.repo.tenantAdmin(trx, tenant.id, tenant.userId!))
        .catch(() => undefined);
      if (row) out.set(tenant.id, row.account);
    }
    return out;
  }
}
