import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AddUpgradeBody,
  NoQuery,
  PageUpgradeBody,
  UpdateUpgradeBody,
  UpgradeLatestOutput,
  UpgradeLatestQuery,
  UpgradeNoteOutput,
  UpgradeOutput,
  UpgradeSetReadBody,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { SysUpgradeService } from './sys-upgrade.service.js';

const tags = ['sysUpgrade'];

/** `/api/sysUpgrade/*`: release notes (super admin) and their reading by every signed-in account. */
export const sysUpgradeRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysUpgradeService(ctx);
    const routes = standardRoutes(app, { controller: 'sysUpgrade', tags });

    routes.page({
      summary: 'Page of release notes (drafts included)',
      body: PageUpgradeBody,
      response: PageOf(UpgradeOutput),
      handler: (request) => service.page(request.body),
    });
    routes.add({
      summary: 'Add a release note (Markdown content; published now unless a time or draft status is given)',
      body: AddUpgradeBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Change a release note',
      body: UpdateUpgradeBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a release note (with its read state)',
      body: IdInput,
      handler: (request) => service.delete(request.body.id),
    });
    app.get(
      '/latest',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'The server’s version and the newest published release notes, with the caller’s read state',
          querystring: UpgradeLatestQuery,
          response: { 200: Wrapped(UpgradeLatestOutput) },
        },
      },
      async (request) => ok(await service.latest(principalOf(request), request.query.limit ?? 5)),
    );
    app.get(
      '/unread',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Published release notes the caller has not read (since the account exists), newest first',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(UpgradeNoteOutput)) },
        },
      },
      async (request) => ok(await service.unread(principalOf(request))),
    );
    app.post(
      '/setRead',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary: 'Mark release notes read by the caller',
          body: UpgradeSetReadBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.setRead(principalOf(request), request.body.ids)),
    );
  };
