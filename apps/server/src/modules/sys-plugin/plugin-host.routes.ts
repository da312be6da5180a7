import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { discoverPlugins, mountPlugin } from '../../platform/plugins/plugin-loader.js';
import type { PluginHost } from '../../platform/plugins/plugin-host.js';
import { PLUGIN_PREFIX, SysPluginService } from './sys-plugin.service.js';

/**
 * The hooks of one plugin's own context, after the gate has authenticated the request (the gate
 * saw 'user'): a disabled or deleted plugin answers 404, as if it had no routes; otherwise the
 * route's plugin permission must be one the account holds (the super admin holds every one).
 */
function guard(host: PluginHost, name: string) {
  return (scope: FastifyInstance) => {
    scope.addHook('onRequest', async (request) => {
      if (!host.serving(name)) throw notFound('sysPlugin.disabled', { name });
      const code = request.routeOptions.config?.pluginPermission;
      const principal = principalOf(request);
      if (!code || (!principal.isSuperAdmin && !principal.permissions.includes(code))) {
        throw forbidden('error.forbidden', { permission: code ?? '' });
      }
    });
  };
}

/**
 * Mounts the plugins of the plugins folder under /api/plugin/<name>, each in its own encapsulated
 * context, once they passed the checks (manifest, entry, declared and permitted routes), then
 * records what loaded and what was refused (with the reason) in sys_plugin, and writes the loaded
 * plugins' permissions and menus into sys_menu.
 */
export const pluginHostRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysPluginService(ctx);
    const host = service.host;
    if (!host.dir) return;
    const found = await discoverPlugins(host.dir, (name) => `${PLUGIN_PREFIX}/${name}`);
    const loaded = new Set<string>();
    for (const plugin of found) {
      if (plugin.error || !plugin.manifest || !plugin.plugin) {
        ctx.log.warn({ plugin: plugin.name, reason: plugin.error }, 'plugin refused');
        continue;
      }
      await mountPlugin(
        app as unknown as FastifyInstance,
        { name: plugin.name, manifest: plugin.manifest, plugin: plugin.plugin },
        `${PLUGIN_PREFIX}/${plugin.name}`,
        guard(host, plugin.name),
      );
      loaded.add(plugin.name);
      ctx.log.info({ plugin: plugin.name, version: plugin.manifest.version }, 'plugin loaded');
    }
    await service.recordStart(found, loaded);
  };
