import type { ModuleMenu } from '../menu-types.js';

/**
 * The modules built with the module kit (`npm run new:module`, the code generator): each file of
 * this folder declares its permissions and menu entry (its wire is in ../wire/). This index is rewritten from the folder
 * when a module is generated; the registry (permissions.ts, menus.ts) takes them from here.
 */
export const MODULE_PERMISSIONS = {} as const;

export const MODULE_MENUS: readonly ModuleMenu[] = [];
