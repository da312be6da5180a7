import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AddSerialBody,
  PageSerialBody,
  SerialNextBody,
  SerialNextOutput,
  SerialOutput,
  UpdateSerialBody,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { PageOf } from '../../platform/http/paging.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { SysSerialService } from './sys-serial.service.js';

const tags = ['sysSerial'];

/** `/api/sysSerial/*`: the tenant's serial number sequences and `next`. */
export const sysSerialRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysSerialService(ctx);
    const routes = standardRoutes(app, { controller: 'sysSerial', tags });

    routes.page({
      summary: 'Page of the tenant’s sequences, each with the number `next` would answer now (preview)',
      body: PageSerialBody,
      response: PageOf(SerialOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.add({
      summary: 'Add a sequence (code unique in the tenant); returns its id',
      body: AddSerialBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Change a sequence’s pattern (its counter stays)',
      body: UpdateSerialBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a sequence',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
    app.post(
      '/next',
      {
        config: { permission: 'sysSerial:next' },
        schema: {
          tags,
          summary:
            'Take the next number of an enabled sequence: gap-free and unique under concurrent calls; the ' +
            'counter restarts at 1 in a new day, month or year by its reset rule',
          body: SerialNextBody,
          response: { 200: Wrapped(SerialNextOutput) },
        },
      },
      async (request) => ok(await service.next(principalOf(request), request.body.code)),
    );
  };
