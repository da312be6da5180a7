import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, NoQuery, StatusInput } from '../../platform/http/schemas.js';
import { roleGrantRoutes } from './role-grants.routes.js';
import { RoleGrantsService } from './role-grants.service.js';
import {
  AddRoleBody,
  CopyRoleBody,
  PageRoleBody,
  RoleExportBody,
  RoleOutput,
  UpdateRoleBody,
} from './sys-role.schema.js';
import { SysRoleService } from './sys-role.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysRole'];

export const sysRoleRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const roles = new SysRoleService(ctx);

    const routes = standardRoutes(app, { controller: 'sysRole', tags, table: 'sysRole' });

    routes.page({
      summary: 'Page of roles with holder counts',
      body: PageRoleBody,
      response: PageOf(RoleOutput),
      handler: (request) => roles.page(principalOf(request), request.body),
    });

    routes.export({
      summary:
        'The filtered roles as xlsx, csv, html, xml or txt (this page or all rows), streamed; ' +
        'the field blacklist applies',
      body: RoleExportBody,
      handler: (request) =>
        roles.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'role export failed'),
        ),
    });

    routes.list({
      summary: 'Every role of the tenant',
      querystring: NoQuery,
      response: Type.Array(RoleOutput),
      handler: (request) => roles.list(principalOf(request)),
    });

    routes.add({
      summary: 'Add a role (code unique in the tenant); returns its id',
      body: AddRoleBody,
      response: Type.String(),
      handler: (request) => roles.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a role (a built-in role keeps its code)',
      body: UpdateRoleBody,
      handler: (request) => roles.update(principalOf(request), request.body),
    });

    app.post(
      '/copy',
      {
        config: { permission: 'sysRole:copy' },
        schema: {
          tags,
          summary: 'Copy a role with its data scope and every grant (not its holders); returns the new id',
          body: CopyRoleBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await roles.copy(principalOf(request), request.body)),
    );

    routes.delete({
      summary: 'Delete a role (refused while accounts hold it, or when built in)',
      body: IdInput,
      handler: (request) => roles.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable a role (a disabled role grants nothing)',
      body: StatusInput,
      handler: (request) => roles.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    registerBatchRoutes(app, {
      controller: 'sysRole',
      tags,
      rows: 'roles',
      delete: (principal, id) => roles.delete(principal, id),
      setStatus: (principal, id, status) => roles.setStatus(principal, id, status),
    });
    roleGrantRoutes(app, new RoleGrantsService(ctx, roles));
  };
