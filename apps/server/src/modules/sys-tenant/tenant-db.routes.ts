import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { NoQuery } from '../../platform/http/schemas.js';
import { CreateTenantDbBody, TenantDbRowSchema, TenantDbSyncRow } from './tenant-db.schema.js';
import { TenantDbService } from './tenant-db.service.js';

const tags = ['sysTenant'];

/** Tenants with a database of their own: create, migrate and list their databases (super admin). */
export const tenantDbRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new TenantDbService(ctx);

    app.post(
      '/createDb',
      {
        config: { permission: 'sysTenant:createDb' },
        schema: {
          tags,
          summary:
            'Create, migrate and seed the database of a database-type tenant (initTenantDb + initTenantData); refused when it already holds the tenant',
          body: CreateTenantDbBody,
          response: { 200: Wrapped(TenantDbRowSchema) },
        },
      },
      async (request) =>
        ok(await service.createDb(principalOf(request), request.body.id, request.body.adminAccount)),
    );

    app.post(
      '/syncTenantDb',
      {
        config: { permission: 'sysTenant:syncTenantDb' },
        schema: {
          tags,
          summary:
            'Migrate every tenant database to the latest version and copy the global menus into it; answers per tenant',
          response: { 200: Wrapped(Type.Array(TenantDbSyncRow)) },
        },
      },
      async (request) => ok(await service.sync(principalOf(request))),
    );

    app.get(
      '/tenantDbList',
      {
        config: { permission: 'sysTenant:page' },
        schema: {
          tags,
          summary: 'Database-type tenants with where their database is, its migration version and state',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(TenantDbRowSchema)) },
        },
      },
      async () => ok(await service.list()),
    );
  };
