import { LOGIN_ACCOUNT_TYPES, Status, type AccountType } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { SessionMeta } from '../../platform/auth/sessions.js';
import type { TokenPair } from '../../platform/auth/tokens.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';
import { SysTenantRepo } from './sys-tenant.repo.js';
import { liveTenant } from './tenant-access.service.js';

/**
 * The super admin's ways into a tenant (Admin.NET sysTenant `changeTenant` and `goTenant`), each
 * answering a new token pair as sign-in does; the session the call came from stays as it is.
 * - changeTenant: the super admin itself, working in another tenant (as when it signs in choosing
 *   that tenant);
 * - goTenant: the tenant's administrator account, to see the tenant as its administrator does. Its
 *   sessions are this account's, so it is recorded in the tenant's difference log.
 */
export class TenantSwitchService {
  private readonly repo = new SysTenantRepo();

  constructor(private readonly ctx: AppContext) {}

  async changeTenant(principal: Principal, id: string, meta: SessionMeta): Promise<TokenPair> {
    if (!principal.isSuperAdmin) throw forbidden();
    const tenant = await liveTenant(this.ctx, this.repo, id);
    return this.ctx.sessions.issue(
      { id: principal.userId, tenantId: principal.homeTenantId },
      tenant.id,
      meta,
    );
  }

  async goTenant(principal: Principal, id: string, meta: SessionMeta): Promise<TokenPair> {
    if (!principal.isSuperAdmin) throw forbidden();
    const tenant = await liveTenant(this.ctx, this.repo, id);
    if (tenant.status !== Status.Enable) throw badRequest('wire.tenantDisabled', { name: tenant.name });
    const admin =
      tenant.userId && (await this.ctx.db.tenant(tenant.id, (trx) => this.repo.account(trx, tenant.userId!)));
    if (!admin) throw badRequest('tenant.noAdmin');
    if (admin.status !== Status.Enable || !LOGIN_ACCOUNT_TYPES.includes(admin.accountType as AccountType)) {
      throw badRequest('wire.adminCannotSignIn', { account: admin.account });
    }
    const pair = await this.ctx.sessions.issue({ id: admin.id, tenantId: tenant.id }, tenant.id, meta);
    this.ctx.audit.diff({
      principal: { ...principal, tenantId: tenant.id },
      table: 'sysUser',
      rowId: admin.id,
      operation: 'update',
      before: { enteredBy: null },
      after: { enteredBy: principal.account },
    });
    return pair;
  }
}
