import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  ApprovalActionBody,
  ApprovalInstanceDetailOutput,
  ApprovalInstanceOutput,
  PageApprovalInstanceBody,
  ResubmitApprovalBody,
  StartableFlowOutput,
  SubmitApprovalBody,
} from '@lintel/contracts/wire';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { IdInput, NoQuery } from '../../platform/http/schemas.js';
import { ApprovalInstanceService } from './approval-instance.service.js';

const tags = ['approvalInstance'];

/**
 * `/api/approvalInstance/*`: requests. Who may act is decided per request by the service (the
 * current to-do list, the submitter); the permission codes only open the pages' actions.
 */
export const approvalInstanceRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new ApprovalInstanceService(ctx);

    app.get(
      '/flows',
      {
        config: { permission: 'approvalInstance:flows' },
        schema: {
          tags,
          summary: 'Enabled flows the caller may start, each with the form to fill',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(StartableFlowOutput)) },
        },
      },
      async (request) => ok(await service.startable(principalOf(request), request.locale)),
    );
    for (const [action, summary] of [
      ['mine', 'Page of the caller’s own requests, newest first'],
      ['todo', 'Page of the pending requests the caller may act on now'],
    ] as const) {
      app.post(
        `/${action}`,
        {
          config: { permission: `approvalInstance:${action}` },
          schema: {
            tags,
            summary,
            body: PageApprovalInstanceBody,
            response: { 200: Wrapped(PageOf(ApprovalInstanceOutput)) },
          },
        },
        async (request) => ok(await service[action](principalOf(request), request.body)),
      );
    }
    app.get(
      '/detail',
      {
        // Open to any signed-in account: the service answers only those involved in the request.
        config: { permission: 'user' },
        schema: {
          tags,
          summary:
            'One request with its answers, form and history (submitter, approvers and flow administrators)',
          querystring: IdInput,
          response: { 200: Wrapped(ApprovalInstanceDetailOutput) },
        },
      },
      async (request) => ok(await service.detail(principalOf(request), request.locale, request.query.id)),
    );
    app.post(
      '/submit',
      {
        config: { permission: 'approvalInstance:submit' },
        schema: {
          tags,
          summary: 'File a request: the answers are validated against the flow’s form; answers its id',
          body: SubmitApprovalBody,
          response: { 200: Wrapped(Type.String()) },
        },
      },
      async (request) => ok(await service.submit(principalOf(request), request.locale, request.body)),
    );
    app.post(
      '/resubmit',
      {
        config: { permission: 'approvalInstance:resubmit' },
        schema: {
          tags,
          summary: 'Send a returned request again with edited answers (its submitter only)',
          body: ResubmitApprovalBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.resubmit(principalOf(request), request.locale, request.body)),
    );
    for (const [action, summary] of [
      ['approve', 'Approve: the request moves to its next approver, or is approved at the end'],
      ['reject', 'Reject: the request ends rejected'],
      ['return', 'Return: the request goes back to its submitter to edit and resubmit'],
    ] as const) {
      app.post(
        `/${action}`,
        {
          config: { permission: `approvalInstance:${action}` },
          schema: { tags, summary, body: ApprovalActionBody, response: { 200: Wrapped(Type.Null()) } },
        },
        (request) =>
          done(
            service.decide(
              principalOf(request),
              request.locale,
              request.body.id,
              action,
              request.body.comment,
            ),
          ),
      );
    }
    app.post(
      '/withdraw',
      {
        config: { permission: 'approvalInstance:withdraw' },
        schema: {
          tags,
          summary: 'Withdraw an undecided request (its submitter only)',
          body: ApprovalActionBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      (request) => done(service.withdraw(principalOf(request), request.body.id, request.body.comment)),
    );
  };
