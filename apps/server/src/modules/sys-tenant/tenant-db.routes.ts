import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import { CreateTenantDbBody, TenantDbRowSchema, TenantDbSyncRow } from './tenant-db.schema.js';
import { TenantDbSetupService } from './tenant-db-setup.service.js';
import { TenantDbService } from './tenant-db.service.js';

const tags = ['sysTenant'];

/** Tenants with a database of their own: create, migrate and list their databases (super admin). */
export const tenantDbRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new TenantDbService(ctx);
    const setup = new TenantDbSetupService(ctx, service);

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
        ok(await setup.createDb(principalOf(request), request.body.id, request.body.adminAccount)),
    );

    app.post(
      '/initTenantDb',
      {
        config: { permission: 'sysTenant:initTenantDb' },
        schema: {
          tags,
          summary:
            'Setup step 1 of a database-type tenant: create its database when missing and migrate it to ' +
            'the latest version with the menus copied in (idempotent: an existing database is only migrated)',
          body: IdInput,
          response: { 200: Wrapped(TenantDbRowSchema) },
        },
      },
      async (request) => {
        const { row, alreadyDone } = await setup.initTenantDb(principalOf(request), request.body.id);
        return ok(row, t(request.locale, alreadyDone ? 'tenantsetup.dbExisted' : 'tenantsetup.dbCreated'));
      },
    );

    app.post(
      '/initTenantData',
      {
        config: { permission: 'sysTenant:initTenantData' },
        schema: {
          tags,
          summary:
            'Setup step 2 of a database-type tenant: seed its database (tenant, root organisation, roles, ' +
            'administrator, dictionaries, configuration, menu grants); refused before initTenantDb, ' +
            'idempotent (a database that holds the tenant is left as it is)',
          body: CreateTenantDbBody,
          response: { 200: Wrapped(TenantDbRowSchema) },
        },
      },
      async (request) => {
        const { id, adminAccount } = request.body;
        const { row, alreadyDone } = await setup.initTenantData(principalOf(request), id, adminAccount);
        const key = alreadyDone ? 'tenantdb.alreadyInitialised' : 'tenantsetup.dataInitialised';
        return ok(row, t(request.locale, key, { name: row.name }));
      },
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
