import fs from 'node:fs/promises';
import path from 'node:path';
import { zipSync, strToU8 } from 'fflate';
import { formatSource } from '../../../platform/files/format-source.js';
import type { ModulePlan } from './plan.js';
import {
  CONTRACTS_MODULES_DIR,
  CONTRACTS_WIRE_INDEX,
  contractsIndexSource,
  contractsModuleStems,
  insertBeforeMarker,
  MARKERS,
  SERVER_MODULES_INDEX,
  serverImportLine,
  serverModuleLine,
  WEB_VIEWS,
  webViewLine,
  wireLine,
} from './registries.js';
import { contractsModuleFile, contractsWireFile } from './templates/contracts.js';
import { localeFiles } from './templates/locales.js';
import { repoFile, routesFile, serviceFile, tableFile } from './templates/server.js';
import { sampleValue, serverTestFile } from './templates/server-test.js';
import { webApiFile, webPageFile, webPageTestFile } from './templates/web.js';

export interface GeneratedFile {
  path: string;
  content: string;
}

/**
 * Every file of a module in the module kit's form, by its path in the repository: the contracts
 * entry, the server module with its tests, the web page with its test, and its locale files. The
 * shared lists it joins (registries.ts) are not among them: runLocal edits those in place.
 */
export async function moduleFiles(plan: ModulePlan): Promise<GeneratedFile[]> {
  const server = `apps/server/src/modules/${plan.folder}`;
  const web = `apps/web/src/features/${plan.area}/${plan.folder}`;
  const files: GeneratedFile[] = [
    { path: `${CONTRACTS_MODULES_DIR}/${plan.folder}.ts`, content: contractsModuleFile(plan) },
    { path: `packages/contracts/src/wire/${plan.folder}.ts`, content: contractsWireFile(plan) },
    { path: `${server}/${plan.folder}.table.ts`, content: tableFile(plan) },
    { path: `${server}/${plan.folder}.repo.ts`, content: repoFile(plan) },
    { path: `${server}/${plan.folder}.service.ts`, content: serviceFile(plan) },
    { path: `${server}/${plan.folder}.routes.ts`, content: routesFile(plan) },
    { path: `${server}/${plan.folder}.test.ts`, content: serverTestFile(plan) },
    { path: `${web}/${plan.folder}-api.ts`, content: webApiFile(plan) },
    { path: `${web}/${plan.folder}-page.tsx`, content: webPageFile(plan) },
    { path: `${web}/${plan.folder}-page.test.tsx`, content: webPageTestFile(plan, (f) => sampleValue(f)) },
    ...localeFiles(plan).map(({ locale, content }) => ({
      path: `apps/web/src/locales/${plan.controller}/${locale}.json`,
      content,
    })),
  ];
  // Formatted as the workspace formats them, so they pass the lint as written. Prettier looks for
  // its settings from the file's place; outside a workspace (preview) it finds the server's own.
  return Promise.all(
    files.map(async (file) => ({ ...file, content: await formatSource(file.path, file.content) })),
  );
}

/** The files as a zip, under a folder named for the module. */
export function zipFiles(plan: ModulePlan, files: readonly GeneratedFile[]): Uint8Array {
  const tree: Record<string, Uint8Array> = {};
  for (const file of files) tree[`${plan.folder}/${file.path}`] = strToU8(file.content);
  return zipSync(tree);
}

async function writeFile(workspace: string, relative: string, content: string): Promise<void> {
  const target = path.resolve(workspace, relative);
  if (!target.startsWith(path.resolve(workspace) + path.sep))
    throw new Error(`${relative} leaves the workspace`);
  await fs.mkdir(path.dirname(target), { recursive: true });
  await fs.writeFile(target, content);
}

/**
 * Writes the module into a workspace and joins it to the shared lists: the contracts module index
 * (rewritten from its folder), the server's module list and the web's views (a line before each
 * marker). Answers what it wrote and which shared files it changed.
 */
export async function writeModule(
  workspace: string,
  plan: ModulePlan,
  files: readonly GeneratedFile[],
): Promise<{ written: string[]; registries: string[] }> {
  for (const file of files) await writeFile(workspace, file.path, file.content);

  const indexPath = `${CONTRACTS_MODULES_DIR}/index.ts`;
  const index = contractsIndexSource(await contractsModuleStems(workspace));
  await writeFile(workspace, indexPath, await formatSource(path.join(workspace, indexPath), index));

  const edit = async (relative: string, change: (source: string) => string) => {
    const file = path.join(workspace, relative);
    const before = await fs.readFile(file, 'utf8');
    const after = change(before);
    if (after !== before) await fs.writeFile(file, await formatSource(file, after));
  };
  await edit(SERVER_MODULES_INDEX, (source) =>
    insertBeforeMarker(
      insertBeforeMarker(source, MARKERS.serverImports, serverImportLine(plan), SERVER_MODULES_INDEX),
      MARKERS.serverModules,
      serverModuleLine(plan),
      SERVER_MODULES_INDEX,
    ),
  );
  await edit(WEB_VIEWS, (source) =>
    insertBeforeMarker(source, MARKERS.webViews, webViewLine(plan), WEB_VIEWS),
  );
  await edit(CONTRACTS_WIRE_INDEX, (source) =>
    insertBeforeMarker(source, MARKERS.wire, wireLine(plan), CONTRACTS_WIRE_INDEX),
  );
  return {
    written: files.map((f) => f.path),
    registries: [indexPath, CONTRACTS_WIRE_INDEX, SERVER_MODULES_INDEX, WEB_VIEWS],
  };
}
