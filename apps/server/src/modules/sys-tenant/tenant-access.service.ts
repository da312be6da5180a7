import { Status } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword, randomPassword } from '../../platform/crypto/passwords.js';
import type { Tenant } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { updated } from '../sys-dict-type/sys-dict-type.service.js';
import { SysTenantRepo } from './sys-tenant.repo.js';
import type { TenantUserFilter } from './sys-tenant.schema.js';

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
    return this.ctx.db.global
      .selectFrom('sysMenu')
      .select(['id', 'pid', 'name', 'title', 'type', 'permission', 'icon', 'scope'])
      .where('scope', '=', 'tenant')
      .where('status', '=', Status.Enable)
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  async ownMenuList(id: string): Promise<string[]> {
    await this.live(id);
    return this.ctx.db.tenant(id, (trx) => this.repo.menuIds(trx, id));
  }

  /** Sets the tenant's menus; a menu taken from the tenant is taken from its roles too. */
  async grantMenu(principal: Principal, id: string, menuIds: string[]): Promise<void> {
    await this.live(id);
    const menus = menuIds.length
      ? await this.ctx.db.global
          .selectFrom('sysMenu')
          .select(['id', 'scope'])
          .where('id', 'in', menuIds)
          .execute()
      : [];
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
   * Gives the tenant administrator a new random password that passes the policy, lifts its sign-in
   * lockout and ends its sessions; answers the password (shown once to the super admin).
   */
  async resetPwd(principal: Principal, id: string): Promise<string> {
    const tenant = await this.live(id);
    if (!tenant.userId) throw badRequest('tenant.noAdmin');
    const password = randomPassword();
    const hash = await hashPassword(password);
    await this.ctx.db.tenant(id, async (trx) => {
      const admin = await trx
        .selectFrom('sysUser')
        .select(['id', 'account'])
        .where('id', '=', tenant.userId!)
        .executeTakeFirst();
      if (!admin) throw badRequest('tenant.noAdmin');
      const now = new Date();
      // A reset password is the administrator's to change: no change time, so a tenant that forces
      // changing passwords asks for a new one at the next sign-in.
      await trx
        .updateTable('sysUser')
        .set({ password: hash, lastChangePasswordTime: null, ...updated(principal), updateTime: now })
        .where('id', '=', admin.id)
        .execute();
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
    await this.live(filter.id);
    const page = await this.ctx.db.tenant(filter.id, (trx) => this.repo.users(trx, filter));
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
