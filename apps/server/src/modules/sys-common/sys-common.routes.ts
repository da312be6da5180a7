import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ok, Wrapped } from '../../platform/http/result.js';
import { ChangelogResult } from './sys-common.schema.js';
import { SysCommonService } from './sys-common.service.js';

/** Product-wide reads for signed-in accounts: the version and update log of the dashboard. */
export const sysCommonRoutes = (): FastifyPluginAsyncTypebox => async (app) => {
  const service = new SysCommonService();
  app.get(
    '/changelog',
    {
      config: { permission: 'user' },
      schema: {
        tags: ['sysCommon'],
        summary: 'Product version and update log (CHANGELOG.md)',
        response: { 200: Wrapped(ChangelogResult) },
      },
    },
    async () => ok(await service.getChangelog()),
  );
};
