import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SharedAnswer } from '../../platform/http/shared-answer.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { IdInput, StatusInput } from '../../platform/http/schemas.js';
import { AddMenuBody, ListQuery, LoginMenuNode, MenuNode, UpdateMenuBody } from './sys-menu.schema.js';
import { SysMenuService } from './sys-menu.service.js';
import { registerBatchRoutes } from '../../platform/http/batch.js';

const tags = ['sysMenu'];

export const sysMenuRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysMenuService(ctx);
    // The menu cache hands every principal of the same menus the same tree.
    const menuTree = new SharedAnswer<Static<typeof LoginMenuNode>[]>(Type.Array(LoginMenuNode));

    app.get(
      '/loginMenuTree',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: "The signed-in user's menu tree (directories and menus)",
          response: { 200: Wrapped(Type.Array(LoginMenuNode)) },
        },
      },
      async (request, reply) =>
        menuTree.send(request, reply, await service.loginMenuTree(principalOf(request))),
    );

    const routes = standardRoutes(app, { controller: 'sysMenu', tags });

    routes.list({
      summary: 'Menu tree for management; a Title or Type filter lists matches flat',
      querystring: ListQuery,
      response: Type.Array(MenuNode),
      handler: (request) => service.list(principalOf(request), request.query),
    });

    app.get(
      '/ownBtnPermList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: "The signed-in user's button permission codes",
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(service.ownBtnPermList(principalOf(request), request.server.routeTable)),
    );

    routes.add({
      summary: 'Add a menu; it takes the scope of its parent',
      body: AddMenuBody,
      response: Type.String({ description: 'Id of the new menu' }),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a menu; absent fields keep their value, registry structure is fixed',
      body: UpdateMenuBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a menu without sub-menus (registry menus cannot be deleted)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    routes.setStatus({
      summary: 'Enable or disable a menu',
      body: StatusInput,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    registerBatchRoutes(app, {
      controller: 'sysMenu',
      tags,
      rows: 'menus',
      delete: (principal, id) => service.delete(principal, id),
      setStatus: (principal, id, status) => service.setStatus(principal, id, status),
    });
  };
