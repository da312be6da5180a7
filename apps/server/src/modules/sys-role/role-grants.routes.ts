import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { NoQuery } from '../../platform/http/schemas.js';
import type { RoleGrantsService } from './role-grants.service.js';
import {
  ApiRoute,
  GrantApiBody,
  GrantableMenu,
  GrantDataScopeBody,
  GrantMenuBody,
  GrantRoleTableBody,
  GrantUserBody,
  IdQuery,
  RoleHolder,
  RoleIdParams,
  TableColumns,
} from './sys-role.schema.js';

const tags = ['sysRole'];
const Ids = Type.Array(Type.String());

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * What a role grants (SPEC 6 role admin actions): menus and buttons, data scope, API blacklist,
 * field blacklist and holders; each read of a grant needs the permission to change it.
 */
export function roleGrantRoutes(app: App, grants: RoleGrantsService): void {
  app.get(
    '/ownMenuList',
    {
      config: { permission: 'sysRole:grantMenu' },
      schema: {
        tags,
        summary: 'Menu and button ids the role grants',
        querystring: IdQuery,
        response: { 200: Wrapped(Ids) },
      },
    },
    async (request) => ok(await grants.ownMenuList(principalOf(request), request.query.Id)),
  );

  app.get(
    '/grantableMenuList',
    {
      config: { permission: 'sysRole:grantMenu' },
      schema: {
        tags,
        summary: 'Menus and buttons the caller may grant to a role (flat, in tree order; pid links them)',
        querystring: NoQuery,
        response: { 200: Wrapped(Type.Array(GrantableMenu)) },
      },
    },
    async (request) => ok(await grants.grantableMenus(principalOf(request))),
  );

  app.post(
    '/grantMenu',
    {
      config: { permission: 'sysRole:grantMenu' },
      schema: {
        tags,
        summary: 'Set the menus and buttons a role grants (core modules only by the super admin)',
        body: GrantMenuBody,
        response: { 200: Wrapped(Type.Null()) },
      },
    },
    (request) => done(grants.grantMenu(principalOf(request), request.body.id, request.body.menuIdList)),
  );

  app.get(
    '/ownOrgList',
    {
      config: { permission: 'sysRole:grantDataScope' },
      schema: {
        tags,
        summary: 'Organisation ids of a custom data scope',
        querystring: IdQuery,
        response: { 200: Wrapped(Ids) },
      },
    },
    async (request) => ok(await grants.ownOrgList(principalOf(request), request.query.Id)),
  );

  app.post(
    '/grantDataScope',
    {
      config: { permission: 'sysRole:grantDataScope' },
      schema: {
        tags,
        summary: 'Set a role’s data scope (custom: the organisations listed)',
        body: GrantDataScopeBody,
        response: { 200: Wrapped(Type.Null()) },
      },
    },
    (request) =>
      done(
        grants.grantDataScope(
          principalOf(request),
          request.body.id,
          request.body.dataScope,
          request.body.orgIdList ?? [],
        ),
      ),
  );

  app.get(
    '/allApiList',
    {
      config: { permission: 'sysRole:grantApi' },
      schema: {
        tags,
        summary: 'The API routes an API blacklist may name (every route guarded by a permission code)',
        querystring: NoQuery,
        response: { 200: Wrapped(Type.Array(ApiRoute)) },
      },
    },
    async (request) =>
      ok(
        request.server.routeTable
          .filter((r) => r.permission.includes(':'))
          .map((r) => ({ url: r.url, method: r.method, permission: r.permission })),
      ),
  );

  app.get(
    '/roleApiList',
    {
      config: { permission: 'sysRole:grantApi' },
      schema: {
        tags,
        summary: 'API routes blacklisted by a role',
        querystring: IdQuery,
        response: { 200: Wrapped(Ids) },
      },
    },
    async (request) => ok(await grants.roleApiList(principalOf(request), request.query.Id)),
  );

  app.post(
    '/grantApi',
    {
      config: { permission: 'sysRole:grantApi' },
      schema: {
        tags,
        summary: 'Set a role’s API blacklist (holders get 403 on those routes)',
        body: GrantApiBody,
        response: { 200: Wrapped(Type.Null()) },
      },
    },
    (request) =>
      done(
        grants.grantApi(
          principalOf(request),
          request.body.id,
          request.body.apiList,
          request.server.routeTable,
        ),
      ),
  );

  app.get(
    '/userApiList',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: 'API routes blacklisted for the signed-in account',
        querystring: NoQuery,
        response: { 200: Wrapped(Ids) },
      },
    },
    async (request) => ok(principalOf(request).blockedRoutes),
  );

  app.get(
    '/ownUserList',
    {
      config: { permission: 'sysRole:grantUser', table: 'sysUser' },
      schema: {
        tags,
        summary: 'Accounts holding a role (within the caller’s data scope)',
        querystring: IdQuery,
        response: { 200: Wrapped(Type.Array(RoleHolder)) },
      },
    },
    async (request) => ok(await grants.holders(principalOf(request), request.query.Id)),
  );

  app.post(
    '/grantUser',
    {
      config: { permission: 'sysRole:grantUser' },
      schema: {
        tags,
        summary: 'Set the accounts holding a role (among those the caller may see)',
        body: GrantUserBody,
        response: { 200: Wrapped(Type.Null()) },
      },
    },
    (request) => done(grants.grantUser(principalOf(request), request.body.id, request.body.userIdList)),
  );

  app.get(
    '/allTableColumnList',
    {
      config: { permission: 'sysRole:grantRoleTable' },
      schema: {
        tags,
        summary: 'Tables whose fields a field blacklist may hide, with those fields',
        querystring: NoQuery,
        response: { 200: Wrapped(Type.Array(TableColumns)) },
      },
    },
    async () => ok(grants.allTableColumns()),
  );

  app.get(
    '/roleTable/:roleId',
    {
      config: { permission: 'sysRole:grantRoleTable' },
      schema: {
        tags,
        summary: 'The field blacklist of a role, by table',
        params: RoleIdParams,
        response: { 200: Wrapped(Type.Array(TableColumns)) },
      },
    },
    async (request) => ok(await grants.roleTable(principalOf(request), request.params.roleId)),
  );

  app.post(
    '/grantRoleTable',
    {
      config: { permission: 'sysRole:grantRoleTable' },
      schema: {
        tags,
        summary: 'Set a role’s field blacklist (hidden from answers and refused in requests for its holders)',
        body: GrantRoleTableBody,
        response: { 200: Wrapped(Type.Null()) },
      },
    },
    (request) =>
      done(grants.grantRoleTable(principalOf(request), request.body.id, request.body.tableColumnList)),
  );

  app.get(
    '/userRoleTableList',
    {
      config: { permission: 'user' },
      schema: {
        tags,
        summary: 'The field blacklist of the signed-in account, by table',
        querystring: NoQuery,
        response: { 200: Wrapped(Type.Array(TableColumns)) },
      },
    },
    async (request) =>
      ok(
        Object.entries(principalOf(request).fieldBlacklist ?? {}).map(([tableName, columns]) => ({
          tableName,
          columns,
        })),
      ),
  );
}
