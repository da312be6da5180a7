import { applied } from '../../platform/audit/diff.js';
import { isLinkAddress, isSitePath, MenuType } from '@lintel/contracts';
import type { Static } from 'typebox';
import type { RouteEntry } from '../../platform/auth/gate.js';
import { grantedButtons } from '../../platform/auth/granted-buttons.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { Menu } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import {
  buildMenuTree,
  descendantsOf,
  LoginTreeCache,
  type LoginMenuNode,
  type MenuNode,
} from './menu-tree.js';
import type { AddMenuBody, ListQuery, UpdateMenuBody } from './sys-menu.schema.js';
import { SysMenuRepo } from './sys-menu.repo.js';
import { menuPolicy } from './menu.policy.js';

type AddInput = Static<typeof AddMenuBody>;
type UpdateInput = Static<typeof UpdateMenuBody>;
type Changes = Partial<Omit<AddInput, 'pid'> & { pid: string }>;

/** Fields of a registry menu that follow the permission registry (the seed re-applies them). */
const TEXT = new Set([
  'title',
  'name',
  'path',
  'component',
  'redirect',
  'permission',
  'icon',
  'outLink',
  'remark',
]);

/** Drops absent fields and trims text; blank text is stored as null. */
function normalise(input: Omit<UpdateInput, 'id'>): Changes {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (value === undefined) continue;
    out[field] = TEXT.has(field) && typeof value === 'string' ? value.trim() || null : value;
  }
  return out as Changes;
}

interface Candidate {
  id?: string;
  type: number;
  pid: string;
  path?: string | null;
  permission?: string | null;
}

/** Menus: the signed-in user's tree, the management tree, and changes to the global menu table. */
export class SysMenuService {
  private readonly repo = new SysMenuRepo();
  private readonly trees: LoginTreeCache;

  constructor(private readonly ctx: AppContext) {
    this.trees = new LoginTreeCache(() => this.repo.treeRows(ctx.db.global));
  }

  /**
   * Runs a menu change in one transaction of the caller's tenant (where its grants are visible).
   * Menu writes are serialised, so checks such as permission uniqueness cannot race.
   */
  private write<T>(tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    // Menus are global: a tenant with a database of its own writes them (and its grant of a menu
    // it adds) to the main database, from which its copy is refreshed.
    const own = this.ctx.db.tenantDatabases;
    const db = own?.isOwn(tenantId) ? own.main : this.ctx.db;
    return db.tenant(tenantId, async (trx) => {
      await this.repo.lockMenus(trx);
      return fn(trx);
    });
  }

  /**
   * The principal's menu ids were computed under its menu epoch, which the gate has just checked is
   * current: the cached tree of that epoch is the one to serve, with no query of its own.
   */
  loginMenuTree(principal: Principal): Promise<LoginMenuNode[]> {
    return this.trees.get(principal.menuEpoch, principal.menuIds);
  }

  /** Every menu for the super admin; others see the tenant-scope menus their tenant holds. */
  async list(principal: Principal, query: Static<typeof ListQuery>): Promise<MenuNode[]> {
    const title = (query.Title ?? query.title)?.trim() || undefined;
    const type = query.Type ?? query.type;
    const all = query.All ?? query.all ?? true;
    const filter = { title, type, enabledOnly: !all };
    const rows = principal.isSuperAdmin
      ? await this.repo.list(this.ctx.db.global, filter, false)
      : await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.list(trx, filter, true));
    // With a filter the matches may not form a tree: they are listed flat (as Admin.NET does).
    return buildMenuTree(rows, Boolean(title || type));
  }

  /** The codes whose buttons the client shows: none whose routes the API blacklist blocks. */
  ownBtnPermList(principal: Principal, routes: readonly RouteEntry[]): string[] {
    return grantedButtons(principal, routes);
  }

  async add(principal: Principal, input: AddInput): Promise<string> {
    const id = newId();
    const changes = normalise(input);
    await this.checkLink(changes.outLink);
    await this.write(principal.tenantId, async (trx) => {
      const byId = new Map((await this.repo.all(trx)).map((m) => [m.id, m]));
      const candidate = { ...changes, type: input.type, pid: changes.pid ?? '0' };
      const parent = await this.parentOf(trx, principal, byId, candidate.pid, true);
      await this.checkRules(trx, candidate, parent);
      const row = {
        ...candidate,
        title: input.title.trim(),
        id,
        key: null,
        scope: parent?.scope ?? 'tenant',
        createUserId: principal.userId,
        createUserName: principal.realName ?? principal.account,
      };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({ principal, table: 'sysMenu', rowId: id, operation: 'insert', after: row });
      // A tenant's administrator sees what it adds; the super admin grants menus to tenants.
      if (!principal.isSuperAdmin) await this.repo.grantToTenant(trx, principal.tenantId, id);
    });
    await this.ctx.sessions.touchMenus();
    return id;
  }

  async update(principal: Principal, input: UpdateInput): Promise<void> {
    const { id, ...rest } = input;
    const changes = normalise(rest);
    await this.checkLink(changes.outLink);
    await this.write(principal.tenantId, async (trx) => {
      const menus = await this.repo.all(trx);
      const byId = new Map(menus.map((m) => [m.id, m]));
      const current = await this.target(trx, principal, byId, id);
      menuPolicy.assertStructureKept(current, changes);
      const next = { ...current, ...changes };
      const below = descendantsOf(menus, id);
      menuPolicy.assertParent(id, next.pid, below);
      const parent = await this.parentOf(trx, principal, byId, next.pid, next.pid !== current.pid);
      menuPolicy.assertChildrenFit(
        next,
        menus.filter((m) => m.pid === id),
      );
      await this.checkRules(trx, next, parent);
      const patch = { ...changes, ...this.modified(principal) };
      await this.repo.update(trx, id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysMenu',
        rowId: id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
      // A moved menu takes its new parent's scope, and so does everything under it.
      const scope = parent?.scope ?? current.scope;
      if (scope !== current.scope) await this.repo.setScope(trx, [id, ...below], scope);
    });
    await this.ctx.sessions.touchMenus();
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.write(principal.tenantId, async (trx) => {
      const menus = await this.repo.all(trx);
      const current = await this.target(trx, principal, new Map(menus.map((m) => [m.id, m])), id);
      menuPolicy.assertDeletable(
        current,
        menus.some((m) => m.pid === id),
      );
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysMenu', rowId: id, operation: 'delete', before: current });
    });
    await this.ctx.sessions.touchMenus();
  }

  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    await this.write(principal.tenantId, async (trx) => {
      const byId = new Map((await this.repo.all(trx)).map((m) => [m.id, m]));
      const current = await this.target(trx, principal, byId, id);
      await this.repo.update(trx, id, { status, ...this.modified(principal) });
      this.ctx.audit.diff({
        principal,
        table: 'sysMenu',
        rowId: id,
        operation: 'update',
        before: { status: current.status },
        after: { status },
      });
    });
    await this.ctx.sessions.touchMenus();
  }

  private modified(principal: Principal) {
    return {
      updateTime: new Date(),
      updateUserId: principal.userId,
      updateUserName: principal.realName ?? principal.account,
    };
  }

  /** Platform menus are the super admin's alone. */
  private assertScope(principal: Principal, scope: string) {
    if (scope === 'platform' && !principal.isSuperAdmin) throw forbidden('menu.platformOnly');
  }

  /** The menu a change targets: it must exist and, below the super admin, be the tenant's. */
  private async target(trx: Trx, principal: Principal, byId: Map<string, Menu>, id: string): Promise<Menu> {
    const menu = byId.get(id);
    if (!menu) throw notFound();
    this.assertScope(principal, menu.scope);
    if (!principal.isSuperAdmin && !(await this.repo.heldByTenant(trx, id))) throw notFound();
    return menu;
  }

  /** The parent a menu goes under (undefined at the root); `moved` checks the caller may use it. */
  private async parentOf(
    trx: Trx,
    principal: Principal,
    byId: Map<string, Menu>,
    pid: string,
    moved: boolean,
  ): Promise<Menu | undefined> {
    if (pid === '0') return undefined;
    const parent = byId.get(pid);
    if (!parent) throw badRequest('menu.parentNotFound');
    if (moved) {
      this.assertScope(principal, parent.scope);
      if (!principal.isSuperAdmin && !(await this.repo.heldByTenant(trx, pid)))
        throw badRequest('menu.parentNotFound');
    }
    return parent;
  }

  /**
   * SPEC 5 "Link check": a link the shell opens or embeds is a well-formed http, https or ftp URL
   * without credentials (or a path of this site), on a public host unless the operator allows it
   * (ALLOW_PRIVATE_HOSTS). The host is judged before the transaction: judging may wait on DNS.
   */
  private async checkLink(outLink: string | null | undefined): Promise<void> {
    if (!outLink) return;
    if (!isLinkAddress(outLink)) throw badRequest('menuLink.invalid', { field: 'outLink' });
    if (isSitePath(outLink)) return;
    if ((await this.ctx.outbound.judge(outLink)) === 'private')
      throw badRequest('menuLink.private', { field: 'outLink' });
  }

  /** The menu policy's shape rules, and a button's permission code unique among the menus. */
  private async checkRules(trx: Trx, menu: Candidate, parent: Menu | undefined) {
    menuPolicy.assertShape(menu, parent);
    if (
      menu.type === MenuType.Btn &&
      menu.permission &&
      (await this.repo.permissionTaken(trx, menu.permission, menu.id))
    )
      throw conflict('menu.duplicatePermission', { permission: menu.permission });
  }
}
