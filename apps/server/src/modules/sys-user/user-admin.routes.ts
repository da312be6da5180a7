import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import {
  AddUserBody,
  ExtOrgRow,
  GrantRoleBody,
  ImportReport,
  PageUserBody,
  ResetPwdBody,
  SetUserStatusBody,
  UpdateUserBody,
  UserDetail,
  UserExportBody,
  UserIdParams,
  UserRow,
} from './user-admin.schema.js';
import { UserAdminService } from './user-admin.service.js';
import { UserImportService } from './user-import.service.js';
import { UserExportService } from './user-export.service.js';
import { readUpload } from '../sys-file/sys-file.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysUser'];

/** Account administration (SPEC 6): every account reached through the caller's data scope. */
export const userAdminRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new UserAdminService(ctx);
    const importer = new UserImportService(ctx);
    const exporter = new UserExportService(ctx, service);

    const routes = standardRoutes(app, { controller: 'sysUser', tags, table: 'sysUser' });

    routes.page({
      summary: 'A page of accounts within the data scope; orgId includes every organisation below it',
      body: PageUserBody,
      response: PageOf(UserRow),
      handler: (request) => service.page(principalOf(request), request.body),
    });

    routes.export({
      summary:
        'The filtered accounts as xlsx, csv, html, xml or txt (this page or all rows), streamed; ' +
        'data scope and field blacklist apply',
      body: UserExportBody,
      handler: (request) =>
        exporter.export(principalOf(request), request.body, request.locale, (error) =>
          request.log.error({ err: error }, 'account export failed'),
        ),
    });

    app.get(
      '/importTemplate',
      {
        config: { permission: 'sysUser:import' },
        schema: {
          tags,
          summary: 'The xlsx template of an account import (localized headers)',
          querystring: NoQuery,
        },
      },
      async (request, reply) => {
        const { stream, headers } = await importer.template(request.locale);
        return reply.headers(headers).send(stream);
      },
    );

    app.post(
      '/import',
      {
        config: { permission: 'sysUser:import', rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags,
          summary:
            'Import accounts from the xlsx template (multipart field `file`); good rows are added with ' +
            'the tenant default password, bad rows are reported with their reasons',
          consumes: ['multipart/form-data'],
          response: { 200: Wrapped(ImportReport) },
        },
      },
      async (request) => {
        const { data } = await readUpload(() => request.file(), request.isMultipart());
        return ok(await importer.import(principalOf(request), request.locale, data));
      },
    );

    routes.detail({
      summary: 'One account with roles and affiliated organisations, for the edit form',
      querystring: IdInput,
      response: UserDetail,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });

    routes.add({
      summary: 'Add an account (empty password: the tenant default); returns its id',
      body: AddUserBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update an account; roles and affiliated organisations when given',
      body: UpdateUserBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete an account (never yourself, the tenant admin or a super admin)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable an account; a disabled account is signed out at once',
      body: SetUserStatusBody,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    app.post(
      '/grantRole',
      {
        config: { permission: 'sysUser:grantRole' },
        schema: {
          tags,
          summary: 'Set the roles of an account; applies on its next request',
          body: GrantRoleBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) =>
        done(service.grantRole(principalOf(request), request.body.userId, request.body.roleIdList)),
    );

    app.get(
      '/ownRoleList/:userId',
      {
        config: { permission: 'sysUser:detail' },
        schema: {
          tags,
          summary: 'Role ids of an account',
          params: UserIdParams,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.ownRoleList(principalOf(request), request.params.userId)),
    );

    app.get(
      '/ownExtOrgList/:userId',
      {
        config: { permission: 'sysUser:detail', table: 'sysUser' },
        schema: {
          tags,
          summary: 'Affiliated organisations and positions of an account',
          params: UserIdParams,
          response: { 200: Wrapped(Type.Array(ExtOrgRow)) },
        },
      },
      async (request) => ok(await service.ownExtOrgList(principalOf(request), request.params.userId)),
    );

    app.post(
      '/resetPwd',
      {
        config: { permission: 'sysUser:resetPwd', rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: 'Reset a password (given, or the tenant default); answers the new password',
          body: ResetPwdBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) =>
        ok(await service.resetPwd(principalOf(request), request.body.id, request.body.password)),
    );

    app.post(
      '/unlockLogin',
      {
        config: { permission: 'sysUser:unlockLogin' },
        schema: {
          tags,
          summary: 'Lift the sign-in lockout of an account',
          body: IdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.unlockLogin(principalOf(request), request.body.id)),
    );

    registerBatchRoutes(app, {
      controller: 'sysUser',
      tags,
      rows: 'accounts',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
