import { MenuType, Status } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/errors.js';
import { SysUserMenuRepo } from './sys-user-menu.repo.js';

/**
 * The signed-in account's favourite menus (Admin.NET sysUserMenu), the dashboard's shortcuts. Only
 * pages the account can see may be chosen, and a favourite whose menu the account no longer sees
 * (a role taken away, the menu disabled) is left out of what is shown rather than deleted, so it
 * comes back with the grant.
 */
export class SysUserMenuService {
  private readonly repo = new SysUserMenuRepo();

  constructor(private readonly ctx: AppContext) {}

  /** Admin.NET's add: these pages become the account's favourites, in this order. */
  add(principal: Principal, menuIds: string[]): Promise<void> {
    const visible = new Set(principal.menuIds);
    if (menuIds.some((id) => !visible.has(id))) throw badRequest('userMenu.notVisible');
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const pages = new Set(await this.repo.pages(trx, menuIds));
      if (menuIds.some((id) => !pages.has(id))) throw badRequest('userMenu.notVisible');
      await this.repo.replace(trx, principal.tenantId, principal.userId, menuIds);
    });
  }

  deleteUserMenu(principal: Principal, menuIds: string[]): Promise<void> {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.remove(trx, principal.userId, menuIds));
  }

  async userMenuList(principal: Principal) {
    const visible = new Set(principal.menuIds);
    const rows = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.favourites(trx, principal.userId),
    );
    return rows
      .filter((row) => visible.has(row.id) && row.status === Status.Enable && row.type === MenuType.Menu)
      .map(({ id, pid, name, title, path, icon }) => ({ id, pid, name, title, path, icon }));
  }

  async userMenuIdList(principal: Principal): Promise<string[]> {
    return (await this.userMenuList(principal)).map((row) => row.id);
  }
}
