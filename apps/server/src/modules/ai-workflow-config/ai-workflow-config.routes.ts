import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { PageOf } from '../../platform/http/paging.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { IdInput } from '../../platform/http/schemas.js';
import { standardRoutes } from '../../platform/http/standard-routes.js';
import { NoQuery } from '@lintel/contracts/wire';
import {
  AddWorkFlowConfigBody,
  PageWorkFlowConfigBody,
  PromptTemplateOutput,
  SetPromptBody,
  UpdateWorkFlowConfigBody,
  WorkFlowConfigOutput,
} from './ai-workflow-config.schema.js';
import { AiWorkflowConfigService } from './ai-workflow-config.service.js';

const tags = ['aiWorkFlowConfig'];

/** `/api/aiWorkFlowConfig/*`: Dify workflows per grade, subject and kind, and the prompt templates. */
export const aiWorkFlowConfigRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    const service = new AiWorkflowConfigService(ctx);
    const routes = standardRoutes(app, { controller: 'aiWorkFlowConfig', tags });

    routes.page({
      summary: 'Page of the workflow configs (the Dify key is never answered: hasCode)',
      body: PageWorkFlowConfigBody,
      response: PageOf(WorkFlowConfigOutput),
      handler: (request) => service.page(principalOf(request), request.body),
    });
    routes.detail({
      summary: 'One workflow config (without its key)',
      querystring: Type.Object({ id: IdInput.properties.id }, { additionalProperties: false }),
      response: WorkFlowConfigOutput,
      handler: (request) => service.detail(principalOf(request), request.query.id),
    });
    routes.add({
      summary: 'Add a workflow config: grade and subject (empty: any), kind, Dify base URL, key, workflow id',
      body: AddWorkFlowConfigBody,
      response: Type.String(),
      handler: (request) => service.add(principalOf(request), request.body),
    });
    routes.update({
      summary: 'Update a workflow config (an empty key keeps the stored one)',
      body: UpdateWorkFlowConfigBody,
      handler: (request) => service.update(principalOf(request), request.body),
    });
    routes.delete({
      summary: 'Delete a workflow config (soft delete)',
      body: IdInput,
      handler: (request) => service.delete(principalOf(request), request.body.id),
    });

    app.get(
      '/prompts',
      {
        config: { permission: 'aiWorkFlowConfig:prompts' },
        schema: {
          tags,
          summary:
            'The prompt templates used without a Dify workflow: repository defaults and tenant overrides',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(PromptTemplateOutput)) },
        },
      },
      async (request) => ok(await service.prompts(principalOf(request))),
    );
    app.post(
      '/setPrompt',
      {
        config: { permission: 'aiWorkFlowConfig:setPrompt' },
        schema: {
          tags,
          summary: 'Save the tenant’s text for a prompt template (placeholders checked); empty resets it',
          body: SetPromptBody,
          response: { 200: Wrapped(Type.Null()) },
        },
      },
      async (request) => done(service.setPrompt(principalOf(request), request.body)),
    );
  };
