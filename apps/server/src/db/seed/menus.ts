import { MENU_REGISTRY, MenuType, type MenuNode, type MenuScope } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';

/**
 * Brings `sys_menu` in line with the permission registry: missing entries are inserted, existing
 * registry rows keep their id, status and display fields, but their structure (parent, type,
 * name, path, component, permission) follows the registry. Menus added by administrators (key null) are left
 * alone. Returns the ids of registry menus by key.
 */
export async function syncRegistryMenus(
  trx: Trx,
): Promise<Map<string, { id: string; scope: MenuScope; created: boolean }>> {
  const existing = await trx
    .selectFrom('sysMenu')
    .select(['id', 'key', 'pid', 'scope', 'type', 'name', 'path', 'component', 'permission'])
    .where('key', 'is not', null)
    .execute();
  const rowByKey = new Map(existing.map((row) => [row.key!, row]));
  const idByKey = new Map(existing.map((row) => [row.key!, row.id]));
  const out = new Map<string, { id: string; scope: MenuScope; created: boolean }>();

  const upsert = async (node: MenuNode, pid: string, scope: MenuScope, order: number) => {
    const key = node.type === 'btn' ? node.permission : `menu:${node.key}`;
    // Structure follows the registry on every start; display fields (title, icon, order, flags)
    // are set once, so an administrator's edits survive restarts.
    const structure =
      node.type === 'btn'
        ? { type: MenuType.Btn, permission: node.permission, name: null, path: null, component: null }
        : {
            type: node.type === 'dir' ? MenuType.Dir : MenuType.Menu,
            name: node.name,
            path: node.path,
            component: node.component ?? null,
            permission: null,
          };
    const display =
      node.type === 'btn'
        ? { title: node.title, orderNo: order }
        : {
            title: node.title,
            orderNo: node.order,
            redirect: node.redirect ?? null,
            icon: node.icon ?? null,
            isHide: node.isHide ?? false,
            isKeepAlive: node.isKeepAlive ?? true,
            isAffix: node.isAffix ?? false,
            isIframe: node.isIframe ?? false,
            outLink: node.outLink ?? null,
          };
    let id = idByKey.get(key);
    const created = !id;
    if (id) {
      const wanted = { ...structure, pid, scope };
      const row = rowByKey.get(key);
      // Most starts change nothing: an update of every entry was a second of each restart.
      const changed =
        !row ||
        Object.entries(wanted).some(([column, value]) => row[column as keyof typeof wanted] !== value);
      if (changed) await trx.updateTable('sysMenu').set(wanted).where('id', '=', id).execute();
    } else {
      id = newId();
      await trx
        .insertInto('sysMenu')
        .values({ id, key, pid, scope, ...structure, ...display })
        .execute();
      idByKey.set(key, id);
    }
    out.set(key, { id, scope, created });
    if (node.type !== 'btn') {
      let childOrder = 0;
      for (const child of node.children) await upsert(child, id, scope, (childOrder += 10));
    }
  };

  for (const top of MENU_REGISTRY) await upsert(top, '0', top.scope, top.order);
  return out;
}
