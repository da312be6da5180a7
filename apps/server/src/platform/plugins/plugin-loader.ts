import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { ManifestError, parseManifest, type PluginManifest } from './manifest.js';
import { pluginInstance, routeCheck } from './plugin-scope.js';

/** What the start found about one plugin folder. */
export interface FoundPlugin {
  /** The folder name (a manifest must carry the same name). */
  name: string;
  manifest?: PluginManifest;
  plugin?: FastifyPluginAsync;
  /** Why it is not loaded; undefined when it passed every check. */
  error?: string;
}

const reasonOf = (error: unknown) =>
  error instanceof ManifestError
    ? error.message
    : `failed to load: ${(error as Error)?.message ?? String(error)}`;

/** Reads and validates `<folder>/plugin.json` (the folder name must match the manifest's name). */
export async function readManifest(folder: string): Promise<PluginManifest> {
  let raw: unknown;
  try {
    raw = JSON.parse(await fs.readFile(path.join(folder, 'plugin.json'), 'utf8'));
  } catch (error) {
    throw new ManifestError(`plugin.json is missing or not JSON (${(error as Error).message})`);
  }
  const manifest = parseManifest(raw);
  if (manifest.name !== path.basename(folder)) {
    throw new ManifestError(`plugin.json names ${manifest.name}, but the folder is ${path.basename(folder)}`);
  }
  return manifest;
}

/**
 * Registers the plugin once in a throw-away Fastify instance under the same prefix, with the route
 * check as its onRoute hook: a refusal there costs the real server nothing (a throwing onRoute in
 * the real app would fail its start). The entry's registration must therefore only add routes and
 * hooks, which it may be asked to do twice.
 */
async function probe(manifest: PluginManifest, plugin: FastifyPluginAsync, prefix: string): Promise<void> {
  const scratch = Fastify({ logger: false });
  try {
    scratch.addHook('onRoute', routeCheck(manifest, prefix));
    await scratch.register(async (scope) => plugin(pluginInstance(scope), {}), { prefix });
    await scratch.ready();
  } finally {
    await scratch.close().catch(() => undefined);
  }
}

/** Every plugin folder under `dir`, each checked (manifest, entry, routes) but not yet registered. */
export async function discoverPlugins(
  dir: string,
  prefixOf: (name: string) => string,
): Promise<FoundPlugin[]> {
  let entries: string[];
  try {
    entries = (await fs.readdir(dir, { withFileTypes: true }))
      .filter((e) => e.isDirectory() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort();
  } catch {
    return [];
  }
  const found: FoundPlugin[] = [];
  for (const name of entries) {
    const folder = path.join(dir, name);
    try {
      const manifest = await readManifest(folder);
      const entryFile = path.resolve(folder, manifest.entry);
      if (!entryFile.startsWith(folder + path.sep))
        throw new ManifestError('entry must stay inside the plugin folder');
      const loaded = (await import(pathToFileURL(entryFile).href)) as { default?: unknown };
      if (typeof loaded.default !== 'function') {
        throw new ManifestError(`${manifest.entry} has no default export of a Fastify plugin`);
      }
      const plugin = loaded.default as FastifyPluginAsync;
      await probe(manifest, plugin, prefixOf(name));
      found.push({ name, manifest, plugin });
    } catch (error) {
      found.push({ name, error: reasonOf(error) });
    }
  }
  return found;
}

/**
 * Registers a checked plugin in its own encapsulated context of the real server, at `/<name>` below
 * `app`'s prefix (`fullPrefix` is the whole of it, which the route check strips).
 */
export async function mountPlugin(
  app: FastifyInstance,
  found: { name: string; manifest: PluginManifest; plugin: FastifyPluginAsync },
  fullPrefix: string,
  guard: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      scope.addHook('onRoute', routeCheck(found.manifest, fullPrefix));
      guard(scope);
      await found.plugin(pluginInstance(scope), {});
    },
    { prefix: `/${found.name}` },
  );
}
