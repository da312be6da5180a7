import { MenuType, Status } from '@lintel/contracts';
import { sql } from 'kysely';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import type { Sql, Trx } from '../../platform/db/database.js';
import type { Menu, MenuUpdate, NewMenu } from '../../platform/db/schema.js';

/** What the login tree needs of a directory or menu. */
export type TreeRow = Pick<
  Menu,
  | 'id'
  | 'pid'
  | 'name'
  | 'path'
  | 'component'
  | 'redirect'
  | 'title'
  | 'icon'
  | 'isIframe'
  | 'outLink'
  | 'isHide'
  | 'isKeepAlive'
  | 'isAffix'
>;

export interface MenuFilter {
  title?: string;
  type?: number;
  enabledOnly?: boolean;
}

/** The SQL of menus: `sys_menu` is global; the grants (`sys_tenant_menu`) are tenant-owned. */
export class SysMenuRepo {
  /** Every enabled directory and menu, in tree order (buttons never reach the login tree). */
  treeRows(db: Sql): Promise<TreeRow[]> {
    return db
      .selectFrom('sysMenu')
      .select([
        'id',
        'pid',
        'name',
        'path',
        'component',
        'redirect',
        'title',
        'icon',
        'isIframe',
        'outLink',
        'isHide',
        'isKeepAlive',
        'isAffix',
      ])
      .where('status', '=', Status.Enable)
      .where('type', 'in', [MenuType.Dir, MenuType.Menu])
      .orderBy('orderNo')
      .orderBy('id')
      .execute();
  }

  /**
   * Menus for the management page: every menu (`tenantHeld` false, on the global handle), or only the
   * tenant-scope menus the transaction's tenant holds (row-level security limits `sys_tenant_menu`
   * to that tenant).
   */
  list(db: Sql, filter: MenuFilter, tenantHeld: boolean): Promise<Menu[]> {
    let q = db.selectFrom('sysMenu as m').selectAll('m');
    if (filter.title) q = q.where('m.title', 'ilike', containsPattern(filter.title));
    if (filter.type) q = q.where('m.type', '=', filter.type);
    if (filter.enabledOnly) q = q.where('m.status', '=', Status.Enable);
    if (tenantHeld) {
      q = q
        .where('m.scope', '=', 'tenant')
        .where((eb) =>
          eb.exists(
            eb.selectFrom('sysTenantMenu as tm').select('tm.menuId').whereRef('tm.menuId', '=', 'm.id'),
          ),
        );
    }
    return q.orderBy('m.orderNo').orderBy('m.id').execute();
  }

  /** Serialises menu writes: waits for the transaction lock every menu change takes first. */
  async lockMenus(trx: Trx): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('lintel:sys_menu'))`.execute(trx);
  }

  /** The whole menu table: small, and the parent and descendant checks walk it. */
  async all(trx: Trx): Promise<Menu[]> {
    return trx.selectFrom('sysMenu').selectAll().execute();
  }

  /** Whether the transaction's tenant holds a menu. */
  async heldByTenant(trx: Trx, menuId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sysTenantMenu')
      .select('menuId')
      .where('menuId', '=', menuId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async grantToTenant(trx: Trx, tenantId: string, menuId: string): Promise<void> {
    await trx
      .insertInto('sysTenantMenu')
      .values({ tenantId, menuId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }

  async permissionTaken(trx: Trx, permission: string, exceptId?: string): Promise<boolean> {
    let query = trx
      .selectFrom('sysMenu')
      .select('id')
      .where('type', '=', MenuType.Btn)
      .where('permission', '=', permission);
    if (exceptId) query = query.where('id', '<>', exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async insert(trx: Trx, row: NewMenu): Promise<void> {
    await trx.insertInto('sysMenu').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: MenuUpdate): Promise<void> {
    await trx.updateTable('sysMenu').set(patch).where('id', '=', id).execute();
  }

  async setScope(trx: Trx, ids: string[], scope: string): Promise<void> {
    if (ids.length) await trx.updateTable('sysMenu').set({ scope }).where('id', 'in', ids).execute();
  }

  /** Deletes one menu; its tenant and role grants go with it (foreign-key cascade). */
  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysMenu').where('id', '=', id).execute();
  }
}
