import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword, randomPassword } from '../../platform/crypto/passwords.js';
import type { Tenant } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { updated } from '../../platform/audit/stamps.js';
import { configBool } from '../sys-config/config-values.js';
import { SysTenantRepo } from './sys-tenant.repo.js';
import type { TenantOrAdminRef, TenantUserFilter } from './sys-tenant.schema.js';

/** The tenant, unless it does not exist or is deleted (404). */
export async function liveTenant(ctx: AppContext, repo: SysTenantRepo, id: string): Promise<Tenant> {
  const tenant = await repo.find(ctx.db.global, id);
  if (!tenant) throw notFound('tenant.notFound');
  return tenant;
}

/**
 * What a tenant may reach and who runs it: its menu grants, its administrator's password and its
 * accounts (super admin only, like all tenant administration).
 */
export class TenantAccessService {
  private readonly repo = new SysTenantRepo();

  constructor(private readonly ctx: AppContext) {}

  private live(id: string): Promise<Tenant> {
    return liveTenant(this.ctx, this.repo, id);
  }

  /** Menus and buttons a tenant may be granted: every tenant-scope menu (platform menus stay the super admin's). */
  grantableMenus() {
    return this.repo.grantableMenus(this.ctx.db.global);
  }

  /**
   * The tenant a request names: by its id, or (Admin.NET's ownMenuList and resetPwd) by the id of its
   * administrator account. 404 for neither a live tenant nor the administrator of one.
   */
  async resolve(ref: TenantOrAdminRef): Promise<Tenant> {
    if (ref.id) return this.live(ref.id);
    if (!ref.userId) throw badRequest('wire.eitherField', { first: 'id', second: 'userId' });
    const tenant = await this.repo.findByAdmin(this.ctx.db.global, ref.userId);
    if (!tenant) throw notFound('tenant.notFound');
    return tenant;
  }

  /**
   * Enabled tenants for the sign-in page's tenant choice (Admin.NET `sysTenant/list`, public): none
   * while the platform hides that choice (config sys_hide_tenant_login, on as seeded).
   */
  async options() {
    if (await configBool(this.ctx, 'sys_hide_tenant_login', true)) return [];
    return this.repo.options(this.ctx.db.global);
  }

  async ownMenuList(ref: TenantOrAdminRef): Promise<string[]> {
    const { id } = await this.resolve(ref);
    return this.ctx.db.tenant(id, (trx) => this.repo.menuIds(trx, id));
  }

  /** Sets the tenant's menus; a menu taken from the tenant is taken from its roles too. */
  async grantMenu(principal: Principal, id: string, menuIds: string[]): Promise<void> {
    await this.live(id);
    const menus = menuIds.length ? await this.repo.menuScopes(this.ctx.db.global, menuIds) : [];
    if (menus.length !== menuIds.length) throw badRequest('tenant.unknownMenu');
    if (menus.some((m) => m.scope !== 'tenant')) throw badRequest('tenant.platformMenu');
    // A database-type tenant's grants refer to its copy of the menus: bring it up to date first.
    const databases = this.ctx.db.tenantDatabases;
    if (databases?.isOwn(id)) await databases.copyMenus(await databases.get(id), id);
    await this.ctx.db.tenant(id, async (trx) => {
      const before = await this.repo.menuIds(trx, id);
      await this.repo.replaceMenus(trx, id, menuIds);
      this.ctx.audit.diff({
        principal,
        table: 'sysTenantMenu',
        rowId: id,
        operation: 'update',
        before: { menuIdList: before },
        after: { menuIdList: [...menuIds].sort() },
      });
    });
    await this.ctx.tenants.invalidate(id);
  }

  /**
   * Admin.NET's syncGrantMenu, for after an upgrade: the default tenant is granted every tenant-scope
   * menu (platform menus stay the super admin's), another tenant every menu one of its roles holds.
   * Only adds: a grant the super admin took away from another tenant stays away (its roles lost the
   * menu with it). Answers how many menus were added.
   */
  async syncGrantMenu(principal: Principal, id: string): Promise<number> {
    await this.live(id);
    // Whatever a role holds, only tenant-scope menus are a tenant's to hold.
    const grantable = (await this.grantableMenus()).map((m) => m.id);
    const tenantScope = new Set(grantable);
    const databases = this.ctx.db.tenantDatabases;
    if (databases?.isOwn(id)) await databases.copyMenus(await databases.get(id), id);
    const added = await this.ctx.db.tenant(id, async (trx) => {
      const held = new Set(await this.repo.menuIds(trx, id));
      const wanted = id === DEFAULT_TENANT_ID ? grantable : await this.repo.roleMenuIds(trx, id);
      const missing = wanted.filter((menuId) => tenantScope.has(menuId) && !held.has(menuId));
      await this.repo.addMenus(trx, id, missing);
      if (missing.length) {
        this.ctx.audit.diff({
          principal,
          table: 'sysTenantMenu',
          rowId: id,
          operation: 'update',
          before: { menuIdList: [...held].sort() },
          after: { menuIdList: [...held, ...missing].sort() },
        });
      }
      return missing.length;
    });
    if (added) await this.ctx.tenants.invalidate(id);
    return added;
  }

  /**
   * Gives the tenant administrator a new random password that passes the policy, lifts its sign-in
   * lockout and ends its sessions; answers the password (shown once to the super admin).
   */
  async resetPwd(principal: Principal, ref: TenantOrAdminRef): Promise<string> {
    const tenant = await this.resolve(ref);
    const id = tenant.id;
    if (!tenant.userId) throw badRequest('tenant.noAdmin');
    const password = randomPassword();
    const hash = await hashPassword(password);
    await this.ctx.db.tenant(id, async (trx) => {
      const admin = await this.repo.tenantAdmin(trx, id, tenant.userId!);
      if (!admin) throw badRequest('tenant.noAdmin');
      const now = new Date();
      // A reset password is the administrator's to change: no change time, so a tenant that forces
      // changing passwords asks for a new one at the next sign-in.
      await this.repo.setPassword(trx, admin.id, {
        password: hash,
        lastChangePasswordTime: null,
        ...updated(principal),
        updateTime: now,
      });
      await this.repo.clearLockout(trx, admin.id);
      this.ctx.audit.diff({
        principal,
        table: 'sysUser',
        rowId: admin.id,
        operation: 'update',
        before: { passwordResetTime: null },
        after: { passwordResetTime: now.toISOString() },
      });
    });
    await this.ctx.sessions.revokeUser(id, tenant.userId, 'passwordReset');
    return password;
  }

  async userList(filter: TenantUserFilter) {
    // Admin.NET names the tenant `tenantId` here; ours is `id`.
    const tenantId = filter.id ?? filter.tenantId;
    if (!tenantId) throw badRequest('wire.eitherField', { first: 'id', second: 'tenantId' });
    await this.live(tenantId);
    const page = await this.ctx.db.tenant(tenantId, (trx) => this.repo.users(trx, tenantId, filter));
    return {
      ...page,
      items: page.items.map((u) => ({
        ...u,
        lastLoginTime: u.lastLoginTime ? formatIso(u.lastLoginTime) : null,
        createTime: formatIso(u.createTime),
      })),
    };
  }
}
