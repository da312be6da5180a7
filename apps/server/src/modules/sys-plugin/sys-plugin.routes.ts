import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PluginAddOutput, PluginPage, PluginPageBody, PluginStatusBody } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { readUpload } from '../sys-file/sys-file.service.js';
import { SysPluginService } from './sys-plugin.service.js';

const tags = ['sysPlugin'];

/** Plugins (platform → plugins): the list, upload (development only), the switch and deletion. */
export const sysPluginRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysPluginService(ctx);
    const routes = standardRoutes(app, { controller: 'sysPlugin', tags });

    routes.page({
      summary: 'Page of plugins: version, switch, source, why a start refused it, when it loaded, its routes',
      body: PluginPageBody,
      response: PluginPage,
      handler: (request) => service.page(request.body),
    });

    app.post(
      '/add',
      {
        config: { permission: 'sysPlugin:add' },
        schema: {
          tags,
          summary:
            'Upload a plugin as a .zip (multipart field `file`; super admin, not in production): ' +
            'checked, unpacked into the plugins folder, loaded at the next start',
          consumes: ['multipart/form-data'],
          response: { 200: Wrapped(PluginAddOutput) },
        },
      },
      async (request) => {
        const { data } = await readUpload(() => request.file(), request.isMultipart());
        return ok(await service.add(principalOf(request), data));
      },
    );

    routes.setStatus({
      summary: 'Enable (1) or disable (2) a plugin without a restart: its routes answer 404, its menus hide',
      body: PluginStatusBody,
      handler: (request) => service.setStatus(principalOf(request), request.body.id, request.body.status),
    });

    routes.delete({
      summary: 'Delete a plugin: its row, menus, grants and folder (its routes answer 404 until the restart)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
  };
