import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static, type TSchema } from 'typebox';
import type { PermissionCode } from '@lintel/contracts';
import { NoQuery } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import {
  InboxMessageOutput,
  MessageDetailQuery,
  MessageIdInput,
  PageInboxBody,
  SendAllUserBody,
  SendOtherUserBody,
  SendResultOutput,
  SendUserBody,
  SendUsersBody,
  UnreadCountOutput,
} from './sys-message.schema.js';
import { SysMessageService } from './sys-message.service.js';

const tags = ['sysMessage'];

/**
 * `/api/sysMessage/*`: Admin.NET's four send routes (permissioned; messages are kept, unlike
 * Admin.NET), and the caller's inbox (any signed-in account).
 */
export const sysMessageRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysMessageService(ctx);

    const sendRoute = <B extends TSchema>(
      action: 'sendUser' | 'sendUsers' | 'sendAllUser' | 'sendOtherUser',
      summary: string,
      body: B,
      send: (principal: Principal, body: never) => Promise<Static<typeof SendResultOutput>>,
    ) =>
      app.post(
        `/${action}`,
        {
          config: { permission: `sysMessage:${action}` satisfies PermissionCode },
          schema: { tags, summary, body, response: { 200: Wrapped(SendResultOutput) } },
        },
        async (request) => ok(await send(principalOf(request), request.body as never)),
      );

    sendRoute(
      'sendUser',
      'Send a message to one account (kept in its inbox, pushed live when online)',
      SendUserBody,
      (p, b: { receiveUserId: string; title: string; message: string; messageType: never }) =>
        service.send(p, 'user', { userIds: [b.receiveUserId] }, b),
    );
    sendRoute(
      'sendUsers',
      'Send a message to several accounts',
      SendUsersBody,
      (p, b: { userIds: string[]; title: string; message: string; messageType: never }) =>
        service.send(p, 'users', { userIds: b.userIds }, b),
    );
    sendRoute(
      'sendAllUser',
      'Send a message to every account of the tenant',
      SendAllUserBody,
      (p, b: never) => service.send(p, 'all', { allBut: [] }, b),
    );
    sendRoute(
      'sendOtherUser',
      'Send a message to every account of the tenant but the sender (and receiveUserId, when given)',
      SendOtherUserBody,
      (p, b: { receiveUserId?: string; title: string; message: string; messageType: never }) =>
        service.send(p, 'other', { allBut: [p.userId, ...(b.receiveUserId ? [b.receiveUserId] : [])] }, b),
    );

    app.post(
      '/pageReceived',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Page of the caller’s inbox, newest first; filter read or unread',
          body: PageInboxBody,
          response: { 200: Wrapped(PageOf(InboxMessageOutput)) },
        },
      },
      async (request) => ok(await service.pageInbox(principalOf(request), request.body)),
    );
    app.get(
      '/detail',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'One message of the caller’s inbox; opening it marks it read',
          querystring: MessageDetailQuery,
          response: { 200: Wrapped(InboxMessageOutput) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request), request.query.id)),
    );
    app.get(
      '/unReadList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The caller’s newest unread messages (at most 20)',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(InboxMessageOutput)) },
        },
      },
      async (request) => ok(await service.unreadList(principalOf(request))),
    );
    app.get(
      '/unReadCount',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Unread notices and messages of the caller (the top bar bell)',
          querystring: NoQuery,
          response: { 200: Wrapped(UnreadCountOutput) },
        },
      },
      async (request) => ok(await service.unreadCount(principalOf(request))),
    );
    app.post(
      '/setRead',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Mark a message of the caller’s inbox read',
          body: MessageIdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.setRead(principalOf(request), request.body.id)),
    );
    app.post(
      '/setAllRead',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Mark every message of the caller’s inbox read; answers how many changed',
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await service.setAllRead(principalOf(request))),
    );
  };
