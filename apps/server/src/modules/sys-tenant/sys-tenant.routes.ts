import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { t } from '../../platform/i18n/index.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, NoQuery, StatusInput } from '../../platform/http/schemas.js';
import {
  AddTenantBody,
  GrantTenantMenuBody,
  PageTenantBody,
  ResetTenantPwdResult,
  SysInfoResult,
  TenantGrantableMenu,
  TenantIdParams,
  TenantExportBody,
  TenantOption,
  TenantOrAdminRef,
  TenantRow,
  TenantUserListBody,
  TenantUserRow,
  UpdateTenantBody,
} from './sys-tenant.schema.js';
import { SysTenantService } from './sys-tenant.service.js';
import { TenantAdminService } from './tenant-admin.service.js';
import { TenantAccessService } from './tenant-access.service.js';
import { TenantExportService } from './tenant-export.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysTenant'];

export const sysTenantRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysTenantService(ctx);
    const admin = new TenantAdminService(ctx);
    const access = new TenantAccessService(ctx);
    const exporter = new TenantExportService(ctx, admin);

    app.get(
      '/sysInfo/:tenantId',
      {
        config: { permission: 'public' },
        schema: {
          tags,
          summary: 'Tenant branding and sign-in settings',
          params: TenantIdParams,
          response: { 200: Wrapped(SysInfoResult) },
        },
      },
      async (request) => ok(await service.sysInfo(request.params.tenantId)),
    );

    const routes = standardRoutes(app, { controller: 'sysTenant', tags });

    routes.page({
      summary: 'Page of tenants with their administrator account (filter by name and phone)',
      body: PageTenantBody,
      response: PageOf(TenantRow),
      handler: (request) => admin.page(request.body),
    });

    routes.export({
      summary:
        'The filtered tenants with their administrator account as xlsx, csv, html, xml or txt ' +
        '(this page or all rows), streamed',
      body: TenantExportBody,
      handler: (request) =>
        exporter.export(request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'tenant export failed'),
        ),
    });

    routes.add({
      summary:
        'Create a tenant with its root organisation, default roles, administrator account (default password) and default menus; returns its id',
      body: AddTenantBody,
      response: Type.String(),
      handler: (request) => admin.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a tenant (renaming the administrator account renames that account)',
      body: UpdateTenantBody,
      handler: (request) => admin.update(principalOf(request), request.body),
    });

    app.post(
      '/delete',
      {
        config: { permission: 'sysTenant:delete' },
        schema: {
          tags,
          summary:
            'Delete a tenant: marked deleted and disabled, its data kept, its sessions ended (not the default tenant)',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => {
        const { databaseKept } = await admin.delete(principalOf(request), request.body.id);
        return ok(null, databaseKept ? t(request.locale, 'tenantdb.deletedDatabaseKept') : '');
      },
    );

    routes.setStatus({
      summary: "Enable or disable a tenant; disabling ends its accounts' sessions at once",
      body: StatusInput,
      handler: (request) => admin.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    app.get(
      '/grantableMenuList',
      {
        config: { permission: 'sysTenant:grantMenu' },
        schema: {
          tags,
          summary: 'Menus and buttons a tenant may be granted (tenant scope; flat, in tree order)',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(TenantGrantableMenu)) },
        },
      },
      async () => ok(await access.grantableMenus()),
    );

    app.get(
      '/list',
      {
        // The sign-in page's tenant choice, before anyone has signed in (as Admin.NET serves it).
        config: { permission: 'public' },
        schema: {
          tags,
          summary:
            'Enabled tenants for the sign-in page to choose from: name, host and id; none while the ' +
            'platform hides the tenant choice (config sys_hide_tenant_login)',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(TenantOption)) },
        },
      },
      async () => ok(await access.options()),
    );

    // Admin.NET's GH name (ownMenuList?UserId=<the tenant admin's id>) and its UP name
    // (tenantMenuList?Id=<tenant id>): both take either.
    for (const url of ['/ownMenuList', '/tenantMenuList']) {
      app.get(
        url,
        {
          config: { permission: 'sysTenant:grantMenu' },
          schema: {
            tags,
            summary:
              "Menu and button ids granted to a tenant (named by id, or by its administrator's userId)",
            querystring: TenantOrAdminRef,
            response: { 200: Wrapped(Type.Array(Type.String())) },
          },
        },
        async (request) => ok(await access.ownMenuList(request.query)),
      );
    }

    app.post(
      '/grantMenu',
      {
        config: { permission: 'sysTenant:grantMenu' },
        schema: {
          tags,
          summary: "Set a tenant's menus and buttons; menus taken away are taken from its roles too",
          body: GrantTenantMenuBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(access.grantMenu(principalOf(request), request.body.id, request.body.menuIdList)),
    );

    app.post(
      '/syncGrantMenu',
      {
        config: { permission: 'sysTenant:syncGrantMenu' },
        schema: {
          tags,
          summary:
            'After an upgrade: grant the default tenant every tenant menu, another tenant every menu its roles ' +
            'hold (adds only); answers how many menus were added',
          body: IdInput,
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await access.syncGrantMenu(principalOf(request), request.body.id)),
    );

    app.post(
      '/resetPwd',
      {
        config: { permission: 'sysTenant:resetPwd' },
        schema: {
          tags,
          summary:
            "Reset the tenant administrator's password to a random one, lift its lockout and end its sessions; returns the password",
          body: TenantOrAdminRef,
          response: { 200: Wrapped(ResetTenantPwdResult) },
        },
      },
      async (request) => ok(await access.resetPwd(principalOf(request), request.body)),
    );

    app.post(
      '/userList',
      {
        config: { permission: 'sysTenant:userList', table: 'sysUser' },
        schema: {
          tags,
          summary: 'Page of the accounts of a tenant',
          body: TenantUserListBody,
          response: { 200: Wrapped(PageOf(TenantUserRow)) },
        },
      },
      async (request) => ok(await access.userList(request.body)),
    );

    registerBatchRoutes(app, {
      controller: 'sysTenant',
      tags,
      rows: 'tenants',
      delete: (principal, id) => admin.delete(principal, id),
      setStatus: (principal, id, status) => admin.setStatus(principal, id, status),
    });
  };
