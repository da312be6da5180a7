import { DEFAULT_TENANT_ID, MenuType } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { SysPluginTable } from './sys-plugin.table.js';
import type { Selectable } from 'kysely';

export type PluginRecord = Selectable<SysPluginTable>;

/** One sys_menu row a plugin owns: its key is `plugin:<name>:...` so that it can be found and removed. */
export interface PluginMenuRow {
  key: string;
  /** Key of the parent row (a registry directory `menu:<dir>` or the plugin's own page). */
  parentKey: string;
  scope: string;
  type: number;
  name: string | null;
  path: string | null;
  component: string | null;
  permission: string | null;
  title: string;
  icon: string | null;
  orderNo: number;
}

const keyPattern = (name: string) => `plugin:${name}:%`;

/** The SQL of plugins: the platform table sys_plugin and the plugin's rows of the global sys_menu. */
export class SysPluginRepo {
  all(trx: Trx): Promise<PluginRecord[]> {
    return trx.selectFrom('sysPlugin').selectAll().orderBy('name').execute();
  }

  byId(trx: Trx, id: string): Promise<PluginRecord | undefined> {
    return trx.selectFrom('sysPlugin').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byName(trx: Trx, name: string): Promise<PluginRecord | undefined> {
    return trx.selectFrom('sysPlugin').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** What the start found: a new row for a new folder, else version, error and load time refreshed. */
  async recordStart(
    trx: Trx,
    found: {
      name: string;
      version: string;
      description: string | null;
      error: string | null;
      loaded: boolean;
    },
  ): Promise<PluginRecord> {
    const values = {
      version: found.version,
      description: found.description,
      error: found.error,
      loadedTime: found.loaded ? new Date() : null,
    };
    return trx
      .insertInto('sysPlugin')
      .values({ id: newId(), name: found.name, source: 'folder', ...values })
      .onConflict((oc) => oc.column('name').doUpdateSet(values))
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async insertUpload(
    trx: Trx,
    row: { name: string; version: string; description: string | null; userId: string; userName: string },
  ): Promise<string> {
    const id = newId();
    await trx
      .insertInto('sysPlugin')
      .values({
        id,
        name: row.name,
        version: row.version,
        description: row.description,
        source: 'upload',
        createUserId: row.userId,
        createUserName: row.userName,
      })
      .execute();
    return id;
  }

  async setStatus(trx: Trx, id: string, status: number, userId: string): Promise<void> {
    await trx
      .updateTable('sysPlugin')
      .set({ status, updateTime: new Date(), updateUserId: userId })
      .where('id', '=', id)
      .execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysPlugin').where('id', '=', id).execute();
  }

  /** Serialises with the menu page's writes (sys-menu.repo lockMenus). */
  async lockMenus(trx: Trx): Promise<void> {
    await sql`select pg_advisory_xact_lock(hashtext('lintel:sys_menu'))`.execute(trx);
  }

  /**
   * Brings the plugin's sys_menu rows in line with `rows`: existing keys keep their id (and so the
   * grants roles hold), missing ones are inserted (a tenant-scope one granted to the default
   * tenant, so that its administrators can grant it on), rows no longer wanted are deleted (their
   * grants go with them: on delete cascade).
   */
  async syncMenus(trx: Trx, name: string, rows: PluginMenuRow[], status: number): Promise<void> {
    const parentKeys = [...new Set(rows.map((r) => r.parentKey))];
    const known = await trx
      .selectFrom('sysMenu')
      .select(['id', 'key'])
      .where((eb) => eb.or([eb('key', 'like', keyPattern(name)), eb('key', 'in', ['', ...parentKeys])]))
      .execute();
    const idByKey = new Map(known.map((r) => [r.key!, r.id]));
    const wanted = new Set(rows.map((r) => r.key));
    for (const row of rows) {
      const pid = idByKey.get(row.parentKey);
      if (!pid) continue;
      const structure = {
        pid,
        scope: row.scope,
        type: row.type,
        name: row.name,
        path: row.path,
        component: row.component,
        permission: row.permission,
        title: row.title,
        icon: row.icon,
        orderNo: row.orderNo,
        status,
      };
      const id = idByKey.get(row.key);
      if (id) {
        await trx.updateTable('sysMenu').set(structure).where('id', '=', id).execute();
        continue;
      }
      const created = newId();
      await trx
        .insertInto('sysMenu')
        .values({ id: created, key: row.key, ...structure })
        .execute();
      idByKey.set(row.key, created);
      if (row.scope === 'tenant') {
        await trx
          .insertInto('sysTenantMenu')
          .values({ tenantId: DEFAULT_TENANT_ID, menuId: created })
          .onConflict((oc) => oc.doNothing())
          .execute();
      }
    }
    const stale = known.filter((r) => r.key!.startsWith(`plugin:${name}:`) && !wanted.has(r.key!));
    if (stale.length)
      await trx
        .deleteFrom('sysMenu')
        .where(
          'id',
          'in',
          stale.map((r) => r.id),
        )
        .execute();
  }

  async setMenuStatus(trx: Trx, name: string, status: number): Promise<void> {
    await trx.updateTable('sysMenu').set({ status }).where('key', 'like', keyPattern(name)).execute();
  }

  async deleteMenus(trx: Trx, name: string): Promise<void> {
    // Buttons first: a page row is their parent.
    await trx
      .deleteFrom('sysMenu')
      .where('key', 'like', keyPattern(name))
      .where('type', '=', MenuType.Btn)
      .execute();
    await trx.deleteFrom('sysMenu').where('key', 'like', keyPattern(name)).execute();
  }
}
