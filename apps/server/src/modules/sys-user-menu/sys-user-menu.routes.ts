import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserMenuIdsBody, UserMenuOutput } from '@lintel/contracts/wire';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { NoQuery } from '../../platform/http/schemas.js';
import { SysUserMenuService } from './sys-user-menu.service.js';

const tags = ['sysUserMenu'];

/** Every signed-in account keeps its own favourites: the routes need no permission beyond sign-in. */
export const sysUserMenuRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysUserMenuService(ctx);

    app.post(
      '/add',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Make these pages (ones the account can see) its favourites, in this order',
          body: UserMenuIdsBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.add(principalOf(request), request.body.menuIdList)),
    );

    app.post(
      '/deleteUserMenu',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Take these menus out of the account’s favourites',
          body: UserMenuIdsBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.deleteUserMenu(principalOf(request), request.body.menuIdList)),
    );

    app.get(
      '/userMenuList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The account’s favourite pages it can still see, in order',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(UserMenuOutput)) },
        },
      },
      async (request) => ok(await service.userMenuList(principalOf(request))),
    );

    app.get(
      '/userMenuIdList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The ids of the account’s favourite pages it can still see, in order',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(await service.userMenuIdList(principalOf(request))),
    );
  };
