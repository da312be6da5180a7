import { MenuType, Status } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';

/** The SQL of an account's favourite menus (tenant-owned rows; menus are global). */
export class SysUserMenuRepo {
  /** Of `ids`, the enabled pages (not directories or buttons). */
  async pages(trx: Trx, ids: readonly string[]): Promise<string[]> {
    if (!ids.length) return [];
    const rows = await trx
      .selectFrom('sysMenu')
      .select('id')
      .where('id', 'in', ids)
      .where('type', '=', MenuType.Menu)
      .where('status', '=', Status.Enable)
      .execute();
    return rows.map((row) => row.id);
  }

  /** The account's favourites in their order, with the menu each names. */
  favourites(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysUserMenu as f')
      .innerJoin('sysMenu as m', 'm.id', 'f.menuId')
      .select(['m.id', 'm.pid', 'm.name', 'm.title', 'm.path', 'm.icon', 'm.status', 'm.type'])
      .where('f.userId', '=', userId)
      .orderBy('f.orderNo')
      .orderBy('f.id')
      .execute();
  }

  async replace(trx: Trx, tenantId: string, userId: string, menuIds: readonly string[]): Promise<void> {
    await trx.deleteFrom('sysUserMenu').where('userId', '=', userId).execute();
    if (!menuIds.length) return;
    await trx
      .insertInto('sysUserMenu')
      .values(menuIds.map((menuId, index) => ({ id: newId(), tenantId, userId, menuId, orderNo: index + 1 })))
      .execute();
  }

  async remove(trx: Trx, userId: string, menuIds: readonly string[]): Promise<void> {
    if (!menuIds.length) return;
    await trx.deleteFrom('sysUserMenu').where('userId', '=', userId).where('menuId', 'in', menuIds).execute();
  }
}
