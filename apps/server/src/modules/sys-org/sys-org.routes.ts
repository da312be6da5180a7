import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput } from '../../platform/http/schemas.js';
import { AddOrgBody, OrgListQuery, OrgNode, UpdateOrgBody } from './sys-org.schema.js';
import { SysOrgService } from './sys-org.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysOrg'];

export const sysOrgRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysOrgService(ctx);

    // `tree` is Admin.NET's name for the same tree (its `list` once answered a flat list).
    for (const url of ['/list', '/tree']) {
      app.get(
        url,
        {
          config: { permission: 'sysOrg:list', table: 'sysOrg' },
          schema: {
            tags,
            summary: 'Organisation tree within the caller’s data scope (filters: name, code contain; type)',
            querystring: OrgListQuery,
            response: { 200: Wrapped(Type.Array(OrgNode)) },
          },
        },
        async (request) => ok(await service.tree(principalOf(request), request.query)),
      );
    }

    const routes = standardRoutes(app, { controller: 'sysOrg', tags, table: 'sysOrg' });

    routes.add({
      summary: 'Add an organisation (code unique in the tenant; level follows the parent); returns its id',
      body: AddOrgBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update an organisation; moving it re-levels its branch and may not close a cycle',
      body: UpdateOrgBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete an organisation (refused while it has children or accounts)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    registerBatchRoutes(app, {
      controller: 'sysOrg',
      tags,
      rows: 'organisations',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
