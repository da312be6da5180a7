import fs from 'node:fs/promises';
import path from 'node:path';
import { camelCase } from './naming.js';
import type { ModulePlan } from './plan.js';

/**
 * The shared lists a module joins: the contracts' module index (rewritten from its folder), and one
 * line each in the server's module list and the web's views, inserted before a marker comment.
 */

export const CONTRACTS_MODULES_DIR = 'packages/contracts/src/modules';
export const SERVER_MODULES_INDEX = 'apps/server/src/modules/index.ts';
export const WEB_VIEWS = 'apps/web/src/app/routing/views.ts';
export const CONTRACTS_WIRE_INDEX = 'packages/contracts/src/wire/index.ts';

/** packages/contracts/src/modules/index.ts for the module files of the folder. */
export function contractsIndexSource(stems: readonly string[]): string {
  const sorted = [...stems].sort();
  const names = sorted.map((stem) => camelCase(stem));
  return `import type { ModuleMenu } from '../menu-types.js';
${sorted.map((stem, i) => `import { ${names[i]}Menu, ${names[i]}Permissions } from './${stem}.js';`).join('\n')}

/**
 * The modules built with the module kit (\`npm run new:module\`, the code generator): each file of
 * this folder declares its permissions and menu entry (its wire is in ../wire/). This index is rewritten from the folder
 * when a module is generated; the registry (permissions.ts, menus.ts) takes them from here.
 */
export const MODULE_PERMISSIONS = {
${names.map((n) => `  ...${n}Permissions,`).join('\n')}
} as const;

export const MODULE_MENUS: readonly ModuleMenu[] = [${names.map((n) => `${n}Menu`).join(', ')}];
`;
}

/** The contracts module files present in a workspace (stems, without .ts). */
export async function contractsModuleStems(workspace: string): Promise<string[]> {
  const files = await fs.readdir(path.join(workspace, CONTRACTS_MODULES_DIR)).catch(() => [] as string[]);
  return files.filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.slice(0, -3));
}

/** Inserts `line` before the marker, once; answers the new text (unchanged when already there). */
export function insertBeforeMarker(source: string, marker: string, line: string, file: string): string {
  if (source.includes(line.trim())) return source;
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`${file} has lost its marker "${marker}"`);
  const lineStart = source.lastIndexOf('\n', at) + 1;
  const indent = source.slice(lineStart, at);
  return source.slice(0, lineStart) + indent + line.trim() + '\n' + source.slice(lineStart);
}

export const MARKERS = {
  serverImports: '// lintel:module-imports',
  serverModules: '// lintel:modules',
  webViews: '// lintel:views',
  wire: '// lintel:wire',
};

export const wireLine = (plan: ModulePlan) => `export * from './${plan.folder}.js';`;

export const serverImportLine = (plan: ModulePlan) =>
  `import { ${plan.controller}Routes } from './${plan.folder}/${plan.folder}.routes.js';`;
export const serverModuleLine = (plan: ModulePlan) => `['${plan.controller}', ${plan.controller}Routes],`;
export const webViewLine = (plan: ModulePlan) =>
  `'${plan.component}': lazy(() => import('../../features/${plan.area}/${plan.folder}/${plan.folder}-page')),`;
