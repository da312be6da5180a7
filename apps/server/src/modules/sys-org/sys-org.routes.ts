import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
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

    app.post(
      '/add',
      {
        config: { permission: 'sysOrg:add', table: 'sysOrg' },
        schema: {
          tags,
          summary:
            'Add an organisation (code unique in the tenant; level follows the parent); returns its id',
          body: AddOrgBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysOrg:update', table: 'sysOrg' },
        schema: {
          tags,
          summary: 'Update an organisation; moving it re-levels its branch and may not close a cycle',
          body: UpdateOrgBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.update(principalOf(request), request.body)),
    );

    app.post(
      '/delete',
      {
        config: { permission: 'sysOrg:delete' },
        schema: {
          tags,
          summary: 'Delete an organisation (refused while it has children or accounts)',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.delete(principalOf(request), request.body.id)),
    );

    registerBatchRoutes(app, {
      controller: 'sysOrg',
      tags,
      rows: 'organisations',
      delete: (principal, id) => service.delete(principal, id),
    });
  };
