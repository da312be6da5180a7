import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../platform/context.js';
import { swaggerRoutes } from './swagger/swagger.routes.js';
import { sysAuthRoutes } from './sys-auth/sys-auth.routes.js';
import { sysSmsRoutes } from './sys-sms/sys-sms.routes.js';
import { sysTenantRoutes } from './sys-tenant/sys-tenant.routes.js';

/** Every API controller family, by its path segment under /api. */
export const MODULES: [string, (ctx: AppContext) => FastifyPluginAsyncTypebox][] = [
  ['swagger', swaggerRoutes],
  ['sysAuth', sysAuthRoutes],
  ['sysSms', sysSmsRoutes],
  ['sysTenant', sysTenantRoutes],
];
