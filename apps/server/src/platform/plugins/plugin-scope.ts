import type { FastifyInstance, FastifyPluginAsync, RouteOptions } from 'fastify';
import { ManifestError, manifestCodes, type PluginManifest } from './manifest.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The plugin permission code a plugin route declared (the gate sees 'user'; plugin-scope checks this). */
    pluginPermission?: string;
  }
}

const ROUTE_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'all']);

/**
 * A plugin writes its routes in the product's form, `config: { permission: 'helloNotes:list' }`.
 * The gate (platform/auth/gate.ts) only knows the registry's codes, which a plugin's are not, so the
 * code is moved to `config.pluginPermission` and the gate is told 'user' (it authenticates the
 * request); the plugin's own onRequest hook then checks the code against the principal's
 * permissions (granted through the plugin's sys_menu rows). A route without a code keeps none, and
 * the route check below refuses the plugin.
 */
function moveCode<T extends { config?: Record<string, unknown> } | undefined>(options: T) {
  const config = { ...(options?.config ?? {}) };
  const code = typeof config.permission === 'string' ? config.permission : undefined;
  return { ...(options ?? {}), config: { ...config, permission: 'user', pluginPermission: code } };
}

function rewrite(method: string, args: unknown[]): unknown[] {
  if (method === 'route') return [moveCode(args[0] as never)];
  const [url, second, third] = args;
  // get(url, handler) carries no options and so no permission: the route check refuses it.
  if (typeof second === 'function') return args;
  return third === undefined ? [url, moveCode(second as never)] : [url, moveCode(second as never), third];
}

/**
 * The instance a plugin's code receives: its own encapsulated context, with route registration
 * rewritten as above, and nested `register` calls handing the same kind of instance further down.
 */
export function pluginInstance(instance: FastifyInstance): FastifyInstance {
  return new Proxy(instance, {
    get(target, prop) {
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof prop === 'string' && (ROUTE_METHODS.has(prop) || prop === 'route')) {
        return (...args: unknown[]) => {
          (value as (...a: unknown[]) => unknown).apply(target, rewrite(prop, args));
          return pluginInstance(target);
        };
      }
      if (prop === 'register') {
        return (plugin: FastifyPluginAsync, options?: object) => {
          const wrapped = ((child: FastifyInstance, opts: object) =>
            plugin(pluginInstance(child), opts)) as FastifyPluginAsync;
          // fastify-plugin's marks (skip-override, display name) travel with the wrapper.
          for (const symbol of Object.getOwnPropertySymbols(plugin)) {
            (wrapped as unknown as Record<symbol, unknown>)[symbol] = (
              plugin as unknown as Record<symbol, unknown>
            )[symbol];
          }
          return target.register(wrapped, options as never);
        };
      }
      return typeof value === 'function' ? (value as (...a: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The onRoute check of one plugin's context: every route it adds must carry a permission, that
 * permission must be one its manifest declares, and the route itself (method and address below the
 * plugin's prefix) must be declared in the manifest with that same permission. A failure throws,
 * which fails the plugin's registration: the loader refuses the plugin with this reason.
 */
export function routeCheck(manifest: PluginManifest, prefix: string) {
  const codes = new Set(manifestCodes(manifest));
  return (route: RouteOptions) => {
    const url = route.url.startsWith(prefix) ? route.url.slice(prefix.length) || '/' : route.url;
    const code = route.config?.pluginPermission;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      if (!code) throw new ManifestError(`route ${method} ${url} declares no permission`);
      if (!codes.has(code)) {
        throw new ManifestError(`route ${method} ${url} names ${code}, which the manifest does not declare`);
      }
      const declared = manifest.routes.find((r) => r.method === method && r.url === url);
      if (!declared) throw new ManifestError(`route ${method} ${url} is not declared in plugin.json`);
      if (declared.permission !== code) {
        throw new ManifestError(
          `route ${method} ${url} names ${code}, plugin.json says ${declared.permission}`,
        );
      }
    }
  };
}
