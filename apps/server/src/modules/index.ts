import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../platform/context.js';
import { swaggerRoutes } from './swagger/swagger.routes.js';
import { sysAuthRoutes } from './sys-auth/sys-auth.routes.js';
import { sysConstRoutes } from './sys-const/sys-const.routes.js';
import { sysDictDataRoutes } from './sys-dict-data/sys-dict-data.routes.js';
import { sysDictTypeRoutes } from './sys-dict-type/sys-dict-type.routes.js';
import { sysMenuRoutes } from './sys-menu/sys-menu.routes.js';
import { sysSmsRoutes } from './sys-sms/sys-sms.routes.js';
import { sysTenantRoutes } from './sys-tenant/sys-tenant.routes.js';

/** Every API controller family, by its path segment under /api. */
export const MODULES: [string, (ctx: AppContext) => FastifyPluginAsyncTypebox][] = [
  ['swagger', swaggerRoutes],
  ['sysAuth', sysAuthRoutes],
  ['sysConst', sysConstRoutes],
  ['sysDictData', sysDictDataRoutes],
  ['sysDictType', sysDictTypeRoutes],
  ['sysMenu', sysMenuRoutes],
  ['sysSms', sysSmsRoutes],
  ['sysTenant', sysTenantRoutes],
];
