import type { PluginManifest } from './manifest.js';

/** One plugin as this server process knows it. */
export interface PluginState {
  name: string;
  manifest?: PluginManifest;
  /** Why the start refused it. */
  error?: string;
  /** When this process registered its routes; undefined when it did not. */
  loadedAt?: Date;
  /** The administrator's switch (sys_plugin.status), mirrored here for the request hook. */
  enabled: boolean;
  /** Deleted since the start: its routes, still registered in Fastify, answer 404. */
  removed?: boolean;
}

/**
 * The plugins of one app (one per AppContext: a test builds several). Fastify cannot remove a
 * route once the server is ready, so enabling and disabling flip `enabled`, which the plugin's own
 * onRequest hook reads; a plugin uploaded after the start is only registered at the next start.
 */
export class PluginHost {
  readonly states = new Map<string, PluginState>();
  constructor(readonly dir: string | undefined) {}

  serving(name: string): boolean {
    const state = this.states.get(name);
    return !!state?.loadedAt && state.enabled && !state.removed;
  }
}

const hosts = new WeakMap<object, PluginHost>();

/** The plugin host of an app context, made on first use with the plugins folder it was given. */
export function pluginHost(ctx: object, dir?: () => string | undefined): PluginHost {
  let host = hosts.get(ctx);
  if (!host) {
    host = new PluginHost(dir?.());
    hosts.set(ctx, host);
  }
  return host;
}
