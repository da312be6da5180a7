import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import {
  AddBody,
  IdParams,
  PageBody,
  ScheduleItem,
  SetStatusBody,
  UpdateBody,
} from './sys-schedule.schema.js';
import { SysScheduleService } from './sys-schedule.service.js';

const tags = ['sysSchedule'];
const NoResult = Wrapped(Type.Null());

/** The personal schedule calendar: open to every signed-in account, limited to its own entries. */
export const sysScheduleRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysScheduleService(ctx);
    const config = { permission: 'user' as const };

    app.post(
      '/page',
      {
        config,
        schema: {
          tags,
          summary: 'Own entries between two days',
          body: PageBody,
          response: { 200: Wrapped(Type.Array(ScheduleItem)) },
        },
      },
      async (request) =>
        ok(await service.list(principalOf(request), request.body.startTime, request.body.endTime)),
    );

    app.get(
      '/detail/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One own entry',
          params: IdParams,
          response: { 200: Wrapped(ScheduleItem) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request), request.params.id)),
    );

    app.post(
      '/add',
      {
        config,
        schema: { tags, summary: 'Add an entry', body: AddBody, response: { 200: Wrapped(Type.String()) } },
      },
      async (request) => ok(await service.add(principalOf(request), request.body)),
    );

    app.post(
      '/update',
      {
        config,
        schema: { tags, summary: 'Change an own entry', body: UpdateBody, response: { 200: NoResult } },
      },
      (request) => {
        const { id, ...values } = request.body;
        return done(service.update(principalOf(request), id, values));
      },
    );

    app.post(
      '/delete',
      {
        config,
        schema: {
          tags,
          summary: 'Delete an own entry',
          body: Type.Object({ id: IdParams.properties.id }, { additionalProperties: false }),
          response: { 200: NoResult },
        },
      },
      (request) => done(service.delete(principalOf(request), request.body.id)),
    );

    app.post(
      '/setStatus',
      {
        config,
        schema: {
          tags,
          summary: 'Mark an own entry open or done',
          body: SetStatusBody,
          response: { 200: NoResult },
        },
      },
      (request) => done(service.setStatus(principalOf(request), request.body.id, request.body.status)),
    );
  };
