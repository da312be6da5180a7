import fs from 'node:fs/promises';
import path from 'node:path';
import {
  MENU_REGISTRY,
  MenuType,
  Status,
  type PluginAddResult,
  type PluginPageInput,
  type PluginRow,
} from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { manifestCodes, ManifestError, type PluginManifest } from '../../platform/plugins/manifest.js';
import { readPluginArchive } from '../../platform/plugins/plugin-archive.js';
import { pluginHost, type PluginHost } from '../../platform/plugins/plugin-host.js';
import type { FoundPlugin } from '../../platform/plugins/plugin-loader.js';
import { SysPluginRepo, type PluginMenuRow, type PluginRecord } from './sys-plugin.repo.js';

export const PLUGIN_PREFIX = '/api/plugin';

/** The sys_menu rows of a plugin: its pages under their registry directories, its codes as buttons. */
export function pluginMenuRows(manifest: PluginManifest): PluginMenuRow[] {
  const scopeOf = new Map(MENU_REGISTRY.map((top) => [top.key, top.scope]));
  const base = `plugin:${manifest.name}:`;
  const rows: PluginMenuRow[] = [];
  const placed = new Set<string>();
  for (const menu of manifest.menus) {
    const pageKey = `${base}menu:${menu.key}`;
    const scope = scopeOf.get(menu.parent) ?? 'platform';
    rows.push({
      key: pageKey,
      parentKey: `menu:${menu.parent}`,
      scope,
      type: MenuType.Menu,
      name: menu.name,
      path: menu.path,
      component: menu.component ?? null,
      permission: null,
      title: menu.title,
      icon: menu.icon ?? null,
      orderNo: menu.order,
    });
    menu.buttons.forEach((code, i) => {
      placed.add(code);
      rows.push(button(base, code, pageKey, scope, (i + 1) * 10));
    });
  }
  // Codes no page carries still need a row for roles to be granted them: under the first page, or
  // (a plugin without pages) under the platform directory, which only the super admin holds.
  const home = rows[0]
    ? { key: rows[0].key, scope: rows[0].scope }
    : { key: 'menu:platform', scope: 'platform' };
  manifestCodes(manifest)
    .filter((code) => !placed.has(code))
    .forEach((code, i) => rows.push(button(base, code, home.key, home.scope, 1000 + i)));
  return rows;
}

const button = (
  base: string,
  code: string,
  parentKey: string,
  scope: string,
  orderNo: number,
): PluginMenuRow => ({
  key: `${base}${code}`,
  parentKey,
  scope,
  type: MenuType.Btn,
  name: null,
  path: null,
  component: null,
  permission: code,
  title: code,
  icon: null,
  orderNo,
});

const SORTABLE = { name: 'name', version: 'version', status: 'status', createTime: 'createTime' } as const;

/** Plugins: the start's record of what loaded, the page, upload, the switch and deletion. */
export class SysPluginService {
  private readonly repo = new SysPluginRepo();
  readonly host: PluginHost;

  constructor(private readonly ctx: AppContext) {
    this.host = pluginHost(ctx, () => ctx.config.pluginsDir);
  }

  private write<T>(fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.ctx.db.platform(async (trx) => {
      await this.repo.lockMenus(trx);
      return fn(trx);
    });
  }

  /** After the start's discovery: rows, menus and the in-memory switch of every plugin found. */
  async recordStart(found: FoundPlugin[], loaded: Set<string>): Promise<void> {
    await this.write(async (trx) => {
      for (const plugin of found) {
        const row = await this.repo.recordStart(trx, {
          name: plugin.name,
          version: plugin.manifest?.version ?? '?',
          description: plugin.manifest?.description || null,
          error: plugin.error ?? null,
          loaded: loaded.has(plugin.name),
        });
        const enabled = row.status === Status.Enable;
        this.host.states.set(plugin.name, {
          name: plugin.name,
          manifest: plugin.manifest,
          error: plugin.error,
          loadedAt: loaded.has(plugin.name) ? (row.loadedTime ?? new Date()) : undefined,
          enabled,
        });
        if (plugin.manifest && loaded.has(plugin.name)) {
          await this.repo.syncMenus(trx, plugin.name, pluginMenuRows(plugin.manifest), row.status);
        } else {
          await this.repo.deleteMenus(trx, plugin.name);
        }
      }
    });
    await this.ctx.sessions.touchMenus();
  }

  async page(input: PluginPageInput) {
    const all = await this.ctx.db.platform((trx) => this.repo.all(trx));
    const keyword = input.name?.trim().toLowerCase();
    const rows = all.filter((r) => !keyword || r.name.includes(keyword)).map((r) => this.toRow(r));
    // Few rows, kept in memory: sorted here, by the fields a list may sort on (others are a 400).
    const sort = resolveSort(input, SORTABLE, { column: 'name', direction: 'asc' });
    const key = sort.column as keyof typeof SORTABLE;
    rows.sort((a, b) => {
      const order = String(a[key] ?? '').localeCompare(String(b[key] ?? ''));
      return sort.direction === 'asc' ? order : -order;
    });
    const page = input.page ?? 1;
    const pageSize = input.pageSize ?? 20;
    const total = rows.length;
    const totalPages = Math.ceil(total / pageSize);
    return {
      page,
      pageSize,
      total,
      totalPages,
      items: rows.slice((page - 1) * pageSize, page * pageSize),
      hasPrevPage: page > 1,
      hasNextPage: page < totalPages,
    };
  }

  private toRow(record: PluginRecord): PluginRow {
    const state = this.host.states.get(record.name);
    const manifest = state?.manifest;
    return {
      id: record.id,
      name: record.name,
      version: record.version,
      description: record.description,
      source: record.source === 'upload' ? 'upload' : 'folder',
      status: record.status,
      error: record.error,
      loadedTime: state?.loadedAt ? formatIso(state.loadedAt) : null,
      pendingRestart: !state?.loadedAt && !record.error,
      routes: (manifest?.routes ?? []).map((r) => ({
        method: r.method,
        url: `${PLUGIN_PREFIX}/${record.name}${r.url === '/' ? '' : r.url}`,
        permission: r.permission,
      })),
      permissions: manifest ? manifestCodes(manifest) : [],
      createTime: formatIso(record.createTime),
    };
  }

  /**
   * The super admin uploads a plugin as a .zip, outside production only: it is checked, unpacked
   * into the plugins folder and recorded; it is loaded (its routes and menus) at the next start.
   */
  async add(principal: Principal, zip: Buffer): Promise<PluginAddResult> {
    if (this.ctx.config.nodeEnv === 'production') throw forbidden('sysPlugin.uploadProduction');
    if (!principal.isSuperAdmin) throw forbidden('sysPlugin.superAdminOnly');
    const dir = this.host.dir;
    if (!dir) throw badRequest('sysPlugin.noFolder');
    let archive;
    try {
      archive = readPluginArchive(zip);
    } catch (error) {
      if (error instanceof ManifestError) throw badRequest('sysPlugin.badArchive', { reason: error.message });
      throw error;
    }
    const { manifest, files } = archive;
    const folder = path.join(dir, manifest.name);
    const exists = await fs.stat(folder).then(
      () => true,
      () => false,
    );
    return this.write(async (trx) => {
      if (exists || (await this.repo.byName(trx, manifest.name)) || this.host.states.has(manifest.name)) {
        throw conflict('sysPlugin.nameTaken', { name: manifest.name });
      }
      const id = await this.repo.insertUpload(trx, {
        name: manifest.name,
        version: manifest.version,
        description: manifest.description || null,
        userId: principal.userId,
        userName: principal.account,
      });
      await fs.mkdir(folder, { recursive: true });
      for (const [name, data] of files) {
        const target = path.join(folder, name);
        // readPluginArchive refused any name leaving the folder; this keeps it so.
        if (!target.startsWith(folder + path.sep)) throw badRequest('sysPlugin.badArchive', { reason: name });
        await fs.mkdir(path.dirname(target), { recursive: true });
        await fs.writeFile(target, data);
      }
      return { id, name: manifest.name, pendingRestart: true };
    });
  }

  /** Enables or disables without a restart: the routes answer 404 and the menus are hidden. */
  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    const record = await this.write(async (trx) => {
      const found = await this.repo.byId(trx, id);
      if (!found) throw notFound();
      await this.repo.setStatus(trx, id, status, principal.userId);
      await this.repo.setMenuStatus(trx, found.name, status);
      return found;
    });
    const state = this.host.states.get(record.name);
    if (state) state.enabled = status === Status.Enable;
    await this.ctx.sessions.touchMenus();
  }

  /** Deletes the row, the plugin's menus (and their grants) and its folder; its routes answer 404. */
  async delete(_principal: Principal, id: string): Promise<void> {
    const record = await this.write(async (trx) => {
      const found = await this.repo.byId(trx, id);
      if (!found) throw notFound();
      await this.repo.deleteMenus(trx, found.name);
      await this.repo.delete(trx, id);
      return found;
    });
    const state = this.host.states.get(record.name);
    if (state) state.removed = true;
    if (this.host.dir) {
      await fs.rm(path.join(this.host.dir, record.name), { recursive: true, force: true });
    }
    await this.ctx.sessions.touchMenus();
  }
}
