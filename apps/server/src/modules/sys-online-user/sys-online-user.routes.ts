import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import {
  ForceOfflineBody,
  OnlineUserOutput,
  PageOnlineUserBody,
  SendMessageBody,
} from './sys-online-user.schema.js';
import { SysOnlineUserService } from './sys-online-user.service.js';

const tags = ['sysOnlineUser'];

export const sysOnlineUserRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysOnlineUserService(ctx);

    app.post(
      '/page',
      {
        config: { permission: 'sysOnlineUser:page', table: 'sysUser' },
        schema: {
          tags,
          summary: 'Open realtime connections of the tenant, newest first (super admin: any tenant)',
          body: PageOnlineUserBody,
          response: { 200: Wrapped(PageOf(OnlineUserOutput)) },
        },
      },
      async (request) => ok(await service.page(principalOf(request), request.body)),
    );

    app.post(
      '/forceOffline',
      {
        config: { permission: 'sysOnlineUser:forceOffline' },
        schema: {
          tags,
          summary: 'End the session behind a connection: ForceOffline to its pages, its tokens refused',
          body: ForceOfflineBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.forceOffline(principalOf(request), request.body.connectionId)),
    );

    app.post(
      '/sendMessage',
      {
        config: { permission: 'sysOnlineUser:sendMessage' },
        schema: {
          tags,
          summary: 'Send a message (ReceiveMessage) to the open pages of an online account of the tenant',
          body: SendMessageBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.sendMessage(principalOf(request), request.body)),
    );
  };
