import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
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

    app.post(
      '/page',
      {
        config: { permission: 'sysRole:page', table: 'sysRole' },
        schema: {
          tags,
          summary: 'Page of roles with holder counts',
          body: PageRoleBody,
          response: { 200: Wrapped(PageOf(RoleOutput)) },
        },
      },
      async (request) => ok(await roles.page(principalOf(request), request.body)),
    );

    app.post(
      '/export',
      {
        config: { permission: 'sysRole:export', table: 'sysRole' },
        schema: {
          tags,
          summary:
            'The filtered roles as xlsx, csv, html, xml or txt (this page or all rows), streamed; ' +
            'the field blacklist applies',
          body: RoleExportBody,
        },
      },
      async (request, reply) => {
        const { stream, headers } = roles.export(
          principalOf(request),
          request.body,
          request.locale,
          (error) => request.log.error({ err: error }, 'role export failed'),
        );
        return reply.headers(headers).send(stream);
      },
    );

    app.get(
      '/list',
      {
        config: { permission: 'sysRole:list', table: 'sysRole' },
        schema: {
          tags,
          summary: 'Every role of the tenant',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(RoleOutput)) },
        },
      },
      async (request) => ok(await roles.list(principalOf(request))),
    );

    app.post(
      '/add',
      {
        config: { permission: 'sysRole:add', table: 'sysRole' },
        schema: {
          tags,
          summary: 'Add a role (code unique in the tenant); returns its id',
          body: AddRoleBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await roles.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config: { permission: 'sysRole:update', table: 'sysRole' },
        schema: {
          tags,
          summary: 'Update a role (a built-in role keeps its code)',
          body: UpdateRoleBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(roles.update(principalOf(request), request.body)),
    );

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

    app.post(
      '/delete',
      {
        config: { permission: 'sysRole:delete' },
        schema: {
          tags,
          summary: 'Delete a role (refused while accounts hold it, or when built in)',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(roles.delete(principalOf(request), request.body.id)),
    );

    app.post(
      '/setStatus',
      {
        config: { permission: 'sysRole:setStatus' },
        schema: {
          tags,
          summary: 'Enable or disable a role (a disabled role grants nothing)',
          body: StatusInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(roles.setStatus(principalOf(request), request.body.id, request.body.status)),
    );

    registerBatchRoutes(app, {
      controller: 'sysRole',
      tags,
      rows: 'roles',
      delete: (principal, id) => roles.delete(principal, id),
      setStatus: (principal, id, status) => roles.setStatus(principal, id, status),
    });
    roleGrantRoutes(app, new RoleGrantsService(ctx, roles));
  };
