import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  AddApprovalFlowBody,
  ApprovalFlowCodeQuery,
  ApprovalFlowOutput,
  PageApprovalFlowBody,
  UpdateApprovalFlowBody,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { ok, Wrapped } from '../../platform/http/result.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { ApprovalFlowService } from './approval-flow.service.js';

const tags = ['approvalFlow'];

/** `/api/approvalFlow/*`: flow definitions (Admin.NET's ApprovalFlow plugin paths and fields). */
export const approvalFlowRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ApprovalFlowService(ctx);
    const routes = standardRoutes(app, { controller: 'approvalFlow', tags });

    routes.page({
      summary: 'Page of flow definitions, by keyword (code, name, remark) or each of them',
      body: PageApprovalFlowBody,
      response: PageOf(ApprovalFlowOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.list({
      summary: 'Every flow definition of the tenant, by code',
      querystring: NoQuery,
      response: Type.Array(ApprovalFlowOutput),
      handler: (request) => service.list(principalOf(request)),
    });
    routes.detail({
      summary: 'One flow definition',
      querystring: IdInput,
      response: ApprovalFlowOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    app.get(
      '/info',
      {
        config: { permission: 'approvalFlow:info' },
        schema: {
          tags,
          summary: 'The flow definition of a code (Admin.NET’s GetInfo)',
          querystring: ApprovalFlowCodeQuery,
          response: { 200: Wrapped(ApprovalFlowOutput) },
        },
      },
      async (request) => ok(await service.info(principalOf(request), request.query.code)),
    );
    routes.add({
      summary: 'Add a flow definition (its graph, approvers and form checked); an empty code takes yyMMddNN',
      body: AddApprovalFlowBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Change a flow definition; requests in progress keep the graph they were submitted under',
      body: UpdateApprovalFlowBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a flow definition that has no request in progress',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });
  };
