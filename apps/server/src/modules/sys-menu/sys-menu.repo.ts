import { MenuType, Status } from '@lintel/contracts';
import { sql } from 'kysely';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import type { Database, Sql, Trx } from '../../platform/db/database.js';
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
  constructor(private readonly db: Database) {}

  /** Every enabled directory and menu, in tree order (buttons never reach the login tree). */
  async treeRows(): Promise<TreeRow[]> {
    return this.db.global
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
   * Menus for the management page: every menu, or for a tenant only the tenant-scope menus it holds
   * (row-level security limits `sys_tenant_menu` to that tenant).
   */
  async list(filter: MenuFilter, tenantId?: string): Promise<Menu[]> {
    const query = (trx: Sql) => {
      let q = trx.selectFrom('sysMenu as m').selectAll('m');
      if (filter.title) q = q.where('m.title', 'ilike', containsPattern(filter.title));
      if (filter.type) q = q.where('m.type', '=', filter.type);
      if (filter.enabledOnly) q = q.where('m.status', '=', Status.Enable);
      if (tenantId) {
        q = q
          .where('m.scope', '=', 'tenant')
          .where((eb) =>
            eb.exists(
              eb.selectFrom('sysTenantMenu as tm').select('tm.menuId').whereRef('tm.menuId', '=', 'm.id'),
            ),
          );
      }
      return q.orderBy('m.orderNo').orderBy('m.id').execute();
    };
    return tenantId ? this.db.tenant(tenantId, query) : query(this.db.global);
  }

  /**
   * Runs a menu change in one transaction of the caller's tenant (where its grants are visible).
   * Menu writes are serialised, so checks such as permission uniqueness cannot race.
   */
  async write<T>(tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    // Menus are global: a tenant with a database of its own writes them (and its grant of a menu
    // it adds) to the main database, from which its copy is refreshed.
    const own = this.db.tenantDatabases;
    const db = own?.isOwn(tenantId) ? own.main : this.db;
    return db.tenant(tenantId, async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('lintel:sys_menu'))`.execute(trx);
      return fn(trx);
    });
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
