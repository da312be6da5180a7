import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Database } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Tenant } from '../../platform/db/schema.js';
import { AppError, badRequest } from '../../platform/http/errors.js';
import { updated } from '../../platform/audit/stamps.js';
import { SysTenantRepo } from './sys-tenant.repo.js';
import { DEFAULT_ADMIN_ACCOUNT, TenantDbService, type TenantDbRow } from './tenant-db.service.js';
import { platformDefaultPassword } from './tenant-provisioning.repo.js';

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

/** A setup step's answer: the database's state, and whether the step found its work already done. */
export interface SetupOutcome {
  row: TenantDbRow;
  alreadyDone: boolean;
}

/**
 * The setup steps of a tenant with a database of its own (SPEC 4 and 7, Admin.NET Pro's names), each
 * idempotent and each for the super admin:
 * - initTenantDb creates the database when it is missing and brings it to the latest migration with
 *   the global menus copied in; on a database that exists it only does the latter;
 * - initTenantData seeds it as a new tenant is seeded (its copy of the tenant row, root
 *   organisation, roles, administrator, dictionaries, configuration, menu grants); refused before
 *   initTenantDb, and a no-op on a database that already holds the tenant;
 * - createDb (Admin.NET's one-step name) does both, and is refused on a database that already
 *   holds the tenant, so an operator who expected a fresh database hears that it was not.
 */
export class TenantDbSetupService {
  private readonly repo = new SysTenantRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly tenantDb = new TenantDbService(ctx),
  ) {}

  async initTenantDb(principal: Principal, id: string): Promise<SetupOutcome> {
    const tenant = await this.tenantDb.ownDbTenant(id);
    const existed = await this.tenantDb.databases.exists(id);
    await this.createDatabase(tenant);
    if (!existed) {
      this.ctx.audit.diff({
        principal,
        table: 'sysTenant',
        rowId: id,
        operation: 'update',
        before: { databaseCreated: false },
        after: { databaseCreated: true },
      });
    }
    return { row: await this.tenantDb.describe(tenant), alreadyDone: existed };
  }

  async initTenantData(principal: Principal, id: string, adminAccount?: string): Promise<SetupOutcome> {
    const tenant = await this.tenantDb.ownDbTenant(id);
    if (!(await this.tenantDb.databases.exists(id))) {
      throw badRequest('tenantsetup.initDbFirst', { name: tenant.name });
    }
    const db = await this.tenantDb.databases.get(id);
    const seeded = await this.seed(principal, tenant, db, adminAccount).then(
      () => true,
      (error: unknown) => {
        // Another call seeded it first (or it was seeded before): nothing to do, as asked.
        if (error instanceof AppError && error.key === 'tenantdb.alreadyInitialised') return false;
        throw error;
      },
    );
    return { row: await this.tenantDb.describe(tenant), alreadyDone: !seeded };
  }

  /** initTenantDb + initTenantData, refused when the database already holds the tenant. */
  async createDb(principal: Principal, id: string, adminAccount?: string): Promise<TenantDbRow> {
    const tenant = await this.tenantDb.ownDbTenant(id);
    const db = await this.createDatabase(tenant);
    await this.seed(principal, tenant, db, adminAccount);
    return this.tenantDb.describe(tenant);
  }

  private async createDatabase(tenant: Tenant): Promise<Database> {
    try {
      return await this.tenantDb.databases.create(tenant.id);
    } catch (error) {
      this.ctx.log.error({ err: error, tenantId: tenant.id }, 'tenant database creation failed');
      throw badRequest('tenantdb.createFailed', { name: tenant.name, reason: reason(error) });
    }
  }

  /** Seeds the tenant's database (400 tenantdb.alreadyInitialised when it holds the tenant). */
  private async seed(principal: Principal, tenant: Tenant, db: Database, adminAccount?: string) {
    if (await this.tenantDb.initialised(db, tenant.id)) {
      throw badRequest('tenantdb.alreadyInitialised', { name: tenant.name });
    }
    let row = tenant;
    if (!tenant.userId || !tenant.orgId) {
      // A row without its administrator or root organisation ids gets them now.
      const patch = {
        userId: tenant.userId ?? newId(),
        orgId: tenant.orgId ?? newId(),
        ...updated(principal),
      };
      await this.ctx.db.platform((trx) => this.repo.update(trx, tenant.id, patch));
      row = { ...tenant, ...patch };
    }
    const account = adminAccount ?? DEFAULT_ADMIN_ACCOUNT;
    const defaultPassword = await this.ctx.db.platform((trx) => platformDefaultPassword(trx));
    await this.tenantDb.initData(db, row, account, principal, defaultPassword);
    this.ctx.audit.diff({
      principal,
      table: 'sysTenant',
      rowId: tenant.id,
      operation: 'update',
      before: { databaseInitialised: false },
      after: { databaseInitialised: true, adminAccount: account },
    });
    await this.ctx.tenants.invalidate(tenant.id);
  }
}
