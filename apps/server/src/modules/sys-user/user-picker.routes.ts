import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { PickedUser, PickUserBody } from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { UserPickerService } from './user-picker.service.js';

/** `POST /api/sysUser/pickList`: the account picker of the message and notice forms. */
export const userPickerRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new UserPickerService(ctx);
    app.post(
      '/pickList',
      {
        // Open to signed-in accounts; the service admits senders, notice editors and account listers.
        config: { permission: 'user', table: 'sysUser' },
        schema: {
          tags: ['sysUser'],
          summary: 'Accounts of the tenant by account or real name, for the message and notice forms',
          body: PickUserBody,
          response: { 200: Wrapped(Type.Array(PickedUser)) },
        },
      },
      async (request) => ok(await service.pick(principalOf(request), request.body)),
    );
  };
