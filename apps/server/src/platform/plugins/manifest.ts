import { MENU_REGISTRY } from '@lintel/contracts';

/**
 * `plugin.json`, the manifest of a plugin folder. Permissions are in the registry's form
 * (`{controller: {action: 'read' | 'write'}}`, permissions.ts), menus in the module-kit form of the
 * registry (a page placed under an existing top-level directory, with the buttons it carries), and
 * every route the entry registers is declared with its permission, so that the loader can refuse a
 * plugin whose code does more than its manifest says.
 */
export interface PluginManifest {
  name: string;
  version: string;
  description: string;
  /** The ESM file (relative to the folder) whose default export is a Fastify plugin. */
  entry: string;
  permissions: Record<string, Record<string, 'read' | 'write'>>;
  menus: PluginMenu[];
  routes: PluginRoute[];
}

export interface PluginMenu {
  /** Key of an existing top-level directory of the registry (`platform`, `system`, `develop` ...). */
  parent: string;
  key: string;
  name: string;
  title: string;
  path: string;
  component?: string;
  icon?: string;
  order: number;
  /** Permission codes of this plugin the page carries as its buttons. */
  buttons: string[];
}

export interface PluginRoute {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Relative to the plugin's prefix `/api/plugin/<name>`, as the entry registers it. */
  url: string;
  permission: string;
}

export const PLUGIN_NAME = /^[a-z][a-z0-9-]{1,39}$/;
const IDENTIFIER = /^[a-zA-Z][a-zA-Z0-9]{0,63}$/;
const METHODS = new Set(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']);
const ROUTE_URL = /^\/[a-zA-Z0-9/_:.-]{0,200}$/;
const ENTRY = /^[a-zA-Z0-9_-][a-zA-Z0-9_./-]{0,120}\.(mjs|js)$/;

/** A refusal with the reason an operator reads on the plugin page. */
export class ManifestError extends Error {}

const fail = (reason: string): never => {
  throw new ManifestError(reason);
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown, field: string, max: number, pattern?: RegExp): string {
  if (typeof value !== 'string' || value.length === 0 || value.length > max) {
    return fail(`${field} must be a text of 1 to ${max} characters`);
  }
  if (pattern && !pattern.test(value)) fail(`${field} "${value}" has an unsupported form`);
  return value;
}

/** Controller names of the registry: a plugin may not reuse one (its codes would mean two things). */
function registryControllers(): Set<string> {
  const out = new Set<string>();
  const walk = (nodes: readonly { type: string; permission?: string; children?: unknown }[]) => {
    for (const node of nodes) {
      if (node.type === 'btn' && node.permission) out.add(node.permission.split(':')[0]!);
      else if (Array.isArray(node.children)) walk(node.children as never);
    }
  };
  walk(MENU_REGISTRY as never);
  return out;
}

const topDirectories = () => new Set(MENU_REGISTRY.map((top) => top.key));

/** Validates a parsed `plugin.json`; throws ManifestError with the first problem found. */
export function parseManifest(raw: unknown): PluginManifest {
  if (!isRecord(raw)) return fail('plugin.json is not a JSON object');
  const name = text(raw.name, 'name', 40, PLUGIN_NAME);
  const version = text(raw.version, 'version', 32, /^[0-9A-Za-z.+-]+$/);
  const description = raw.description === undefined ? '' : text(raw.description, 'description', 512);
  const entry = raw.entry === undefined ? 'index.mjs' : text(raw.entry, 'entry', 128, ENTRY);
  if (entry.split('/').includes('..')) fail('entry must stay inside the plugin folder');

  if (!isRecord(raw.permissions)) return fail('permissions must be an object {controller: {action: kind}}');
  const taken = registryControllers();
  const permissions: PluginManifest['permissions'] = {};
  const codes = new Set<string>();
  for (const [controller, actions] of Object.entries(raw.permissions)) {
    text(controller, 'controller', 64, IDENTIFIER);
    if (taken.has(controller)) fail(`controller ${controller} belongs to the product's registry`);
    if (!isRecord(actions)) return fail(`permissions.${controller} must be an object {action: kind}`);
    permissions[controller] = {};
    for (const [action, kind] of Object.entries(actions)) {
      text(action, 'action', 64, IDENTIFIER);
      if (kind !== 'read' && kind !== 'write') fail(`${controller}:${action} must be 'read' or 'write'`);
      permissions[controller][action] = kind as 'read' | 'write';
      codes.add(`${controller}:${action}`);
    }
  }

  const routes: PluginRoute[] = [];
  if (!Array.isArray(raw.routes)) return fail('routes must be an array of {method, url, permission}');
  for (const route of raw.routes) {
    if (!isRecord(route)) return fail('each route must be an object {method, url, permission}');
    const method = text(route.method, 'route method', 8).toUpperCase();
    if (!METHODS.has(method)) fail(`route method ${method} is not supported`);
    const url = text(route.url, 'route url', 200, ROUTE_URL);
    if (typeof route.permission !== 'string' || !route.permission)
      fail(`route ${method} ${url} declares no permission`);
    if (!codes.has(route.permission as string)) {
      fail(`route ${method} ${url} names ${String(route.permission)}, which the manifest's permissions lack`);
    }
    routes.push({ method: method as PluginRoute['method'], url, permission: route.permission as string });
  }

  const menus: PluginMenu[] = [];
  const directories = topDirectories();
  for (const menu of Array.isArray(raw.menus) ? raw.menus : []) {
    if (!isRecord(menu)) return fail('each menu must be an object');
    const parent = text(menu.parent, 'menu parent', 64);
    if (!directories.has(parent)) fail(`menu parent ${parent} is not a directory of the registry`);
    const buttons = Array.isArray(menu.buttons) ? menu.buttons : [];
    for (const code of buttons)
      if (!codes.has(code as string)) fail(`menu button ${String(code)} is undeclared`);
    menus.push({
      parent,
      key: text(menu.key, 'menu key', 64, IDENTIFIER),
      name: text(menu.name, 'menu name', 64, IDENTIFIER),
      title: text(menu.title, 'menu title', 64),
      path: text(menu.path, 'menu path', 128, /^\/[a-zA-Z0-9/_-]+$/),
      component: menu.component === undefined ? undefined : text(menu.component, 'menu component', 128),
      icon: menu.icon === undefined ? undefined : text(menu.icon, 'menu icon', 64, IDENTIFIER),
      order: typeof menu.order === 'number' && Number.isInteger(menu.order) ? menu.order : 100,
      buttons: buttons as string[],
    });
  }
  return { name, version, description, entry, permissions, menus, routes };
}

/** The permission codes a manifest declares. */
export const manifestCodes = (manifest: PluginManifest): string[] =>
  Object.entries(manifest.permissions).flatMap(([controller, actions]) =>
    Object.keys(actions).map((action) => `${controller}:${action}`),
  );
