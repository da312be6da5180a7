import { MenuType } from '@lintel/contracts';
import { badRequest } from '../../platform/http/errors.js';
import type { Menu } from '../../platform/db/schema.js';

/** The fields of a registry menu (one the product declares, `key` set) that code relies on. */
export const STRUCTURE = ['type', 'pid', 'path', 'component', 'permission', 'name'] as const;

interface Shape {
  type: number;
  permission?: string | null;
  path?: string | null;
}

/**
 * What may happen to a menu as a row (SPEC section 5, Admin.NET): the tree's shape (directories and
 * pages hold pages, pages hold buttons, buttons hold nothing), and the registry's own menus, which
 * keep their structure and stay. Who may touch which scope is the service's, with the caller.
 */
export const menuPolicy = {
  /** A registry menu keeps the fields of STRUCTURE; the rest (title, icon, order...) may change. */
  assertStructureKept(current: Menu, changes: Partial<Menu>): void {
    if (current.key === null) return;
    for (const field of STRUCTURE) {
      if (changes[field] !== undefined && changes[field] !== current[field])
        throw badRequest('menu.registryStructure', { field });
    }
  },

  /** Not under itself or one of its descendants. */
  assertParent(id: string, pid: string, below: ReadonlySet<string>): void {
    if (pid === id || below.has(pid)) throw badRequest('menu.parentIsSelf');
  },

  /** Its children still fit the menu's (new) type. */
  assertChildrenFit(next: Pick<Menu, 'type'>, children: readonly Pick<Menu, 'type'>[]): void {
    if (next.type === MenuType.Btn && children.length) throw badRequest('menu.parentIsButton');
    if (next.type !== MenuType.Menu && children.some((m) => m.type === MenuType.Btn))
      throw badRequest('menu.buttonNeedsParent');
  },

  /** A button has a permission code and sits on a page; a directory or page has a path, not under a button. */
  assertShape(menu: Shape, parent: Pick<Menu, 'type'> | undefined): void {
    if (menu.type === MenuType.Btn) {
      if (!menu.permission) throw badRequest('menu.permissionRequired');
      if (parent?.type !== MenuType.Menu) throw badRequest('menu.buttonNeedsParent');
    } else {
      if (!menu.path) throw badRequest('menu.pathRequired');
      if (parent?.type === MenuType.Btn) throw badRequest('menu.parentIsButton');
    }
  },

  /** The registry's menus stay; a menu goes once it is empty. */
  assertDeletable(menu: Pick<Menu, 'key'>, hasChildren: boolean): void {
    if (menu.key !== null) throw badRequest('menu.registryLocked');
    if (hasChildren) throw badRequest('menu.hasChildren');
  },
};
