import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { NoQuery } from '@lintel/contracts/wire';
import {
  AddNoticeBody,
  NoticeDetailQuery,
  NoticeIdInput,
  NoticeOutput,
  PageNoticeBody,
  PageReceivedNoticeBody,
  ReceivedNoticeOutput,
  UpdateNoticeBody,
} from './sys-notice.schema.js';
import { SysNoticeService } from './sys-notice.service.js';

const tags = ['sysNotice'];

/** `/api/sysNotice/*`: notice management (permissioned) and the caller's received notices (any account). */
export const sysNoticeRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysNoticeService(ctx);
    const routes = standardRoutes(app, { controller: 'sysNotice', tags });

    routes.page({
      summary: 'Page of the tenant’s notices (drafts, published, cancelled) with recipient and read counts',
      body: PageNoticeBody,
      response: PageOf(NoticeOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One notice with its recipients and read count',
      querystring: NoticeDetailQuery,
      response: NoticeOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary: 'Write a draft notice (content sanitised); returns its id',
      body: AddNoticeBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Edit a draft notice (refused once published)',
      body: UpdateNoticeBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a draft or cancelled notice',
      body: NoticeIdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.post(
      '/public',
      {
        config: { permission: 'sysNotice:public' },
        schema: {
          tags,
          summary:
            'Publish a draft, irreversibly (its author or an administrator): one read-state row per ' +
            'recipient, PublicNotice pushed to the online ones; answers the number of recipients',
          body: NoticeIdInput,
          response: { 200: Wrapped(Type.Object({ recipientCount: Type.Integer() })) },
        },
      },
      async (request) => ok(await service.publish(principalOf(request), request.body.id)),
    );
    app.post(
      '/cancel',
      {
        config: { permission: 'sysNotice:cancel' },
        schema: {
          tags,
          summary: 'Cancel a published notice: it leaves its recipients’ lists',
          body: NoticeIdInput,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.cancel(principalOf(request), request.body.id)),
    );

    app.post(
      '/pageReceived',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Page of the published notices the caller received, with their read state',
          body: PageReceivedNoticeBody,
          response: { 200: Wrapped(PageOf(ReceivedNoticeOutput)) },
        },
      },
      async (request) => ok(await service.pageReceived(principalOf(request), request.body)),
    );
    app.get(
      '/unReadList',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'The caller’s unread notices, newest first (at most 100)',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(ReceivedNoticeOutput)) },
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
          summary: 'How many published notices the caller has not read',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Integer()) },
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
          summary: 'Mark a received notice read',
          body: NoticeIdInput,
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
          summary: 'Mark every received notice read; answers how many changed',
          response: { 200: Wrapped(Type.Integer()) },
        },
      },
      async (request) => ok(await service.setAllRead(principalOf(request))),
    );
  };
