import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssemblyListOutput,
  NoQuery,
  ServerBaseOutput,
  ServerDiskOutput,
  ServerUsedOutput,
} from '@lintel/contracts/wire';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { SysServerService } from './sys-server.service.js';

const tags = ['sysServer'];

/** Server monitoring for the super admin: this API process, its machine, the database and Redis. */
export const sysServerRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysServerService(ctx);
    app.addHook('onClose', async () => service.sampler.close());

    app.get(
      '/serverBase',
      {
        config: { permission: 'sysServer:serverBase' },
        schema: {
          tags,
          summary: 'The machine, the runtime and the database version',
          querystring: NoQuery,
          response: { 200: Wrapped(ServerBaseOutput) },
        },
      },
      async () => ok(await service.base()),
    );

    app.get(
      '/serverUsed',
      {
        config: { permission: 'sysServer:serverUsed' },
        schema: {
          tags,
          summary:
            'CPU (since the previous reading), memory, load, event-loop delay, database and Redis status and sizes',
          querystring: NoQuery,
          response: { 200: Wrapped(ServerUsedOutput) },
        },
      },
      async () => ok(await service.used()),
    );

    app.get(
      '/serverDisk',
      {
        config: { permission: 'sysServer:serverDisk' },
        schema: {
          tags,
          summary: 'Disk space of the data folder and of the root file system (fs.statfs)',
          querystring: NoQuery,
          response: { 200: Wrapped(ServerDiskOutput) },
        },
      },
      async () => ok(await service.disk()),
    );

    app.get(
      '/assemblyList',
      {
        config: { permission: 'sysServer:assemblyList' },
        schema: {
          tags,
          summary: "The product's main packages and their versions",
          querystring: NoQuery,
          response: { 200: Wrapped(AssemblyListOutput) },
        },
      },
      async () => ok(service.assemblyList()),
    );
  };
