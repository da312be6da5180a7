import type { StudyKind } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { openSecret } from '../../platform/crypto/secret-box.js';
import type { Trx } from '../../platform/db/database.js';
import { badRequest } from '../../platform/http/errors.js';
import type { AiEvent, AiMessage } from '../../platform/ai/types.js';
import { openChatModel, openDifyWorkflow, type AiModelInfo } from '../ai-provider/ai-access.js';
import { AiWorkflowConfigRepo } from '../ai-workflow-config/ai-workflow-config.repo.js';

/**
 * Where a study feature runs. A Dify workflow configured for the kind, grade and subject wins (see
 * AiWorkflowConfigRepo.pick for the fallback order); otherwise the tenant's chat model runs it with
 * our prompt template. A Dify run is `detachable`: it goes on when the browser leaves and its result
 * is stored; a chat model's run is aborted with the request.
 */
export interface StudyEngine {
  engine: 'dify' | 'model';
  /** The chat model (null for a Dify workflow). */
  model: AiModelInfo | null;
  /**
   * What the run's tokens count against in the usage and the daily budgets: the chat model, or for a
   * Dify run its workflow configuration (the usage list shows it under the workflow's name).
   */
  meter: AiModelInfo;
  detachable: boolean;
  stream(signal: AbortSignal): AsyncIterable<AiEvent>;
}

export interface StudyRequest {
  kind: StudyKind;
  grade: string | null;
  subject: string | null;
  modelId?: string | null;
  /** The Dify workflow's input variables. */
  inputs: Record<string, string>;
  /** The chat model's messages (built only when no workflow serves the kind). */
  messages: () => Promise<AiMessage[]> | AiMessage[];
  /** An image is part of the question: only a vision model can take it (Dify runs get text only). */
  image?: boolean;
}

export async function openStudyEngine(
  ctx: AppContext,
  trx: Trx,
  principal: Principal,
  request: StudyRequest,
): Promise<StudyEngine> {
  const config = request.image
    ? undefined
    : await new AiWorkflowConfigRepo().pick(trx, request.kind, request.grade, request.subject);
  if (config) {
    const runner = openDifyWorkflow(ctx, {
      baseUrl: config.baseUrl,
      apiKey: openSecret(ctx.keys, config.code),
      workflowId: config.workFlowId,
    });
    const user = `${principal.tenantId}:${principal.userId}`;
    return {
      engine: 'dify',
      model: null,
      meter: {
        id: config.id,
        modelId: config.workFlowId ? `dify:${config.workFlowId}` : 'dify',
        name: config.name,
        reasoning: false,
        vision: false,
        providerId: config.id,
      },
      detachable: true,
      stream: (signal) => runner.run({ inputs: request.inputs, user, signal }),
    };
  }
  const { provider, model } = await openChatModel(ctx, trx, principal, request.modelId ?? null);
  if (request.image && !model.vision) throw badRequest('aiStudy.solve.visionRequired', { model: model.name });
  const messages = await request.messages();
  return {
    engine: 'model',
    model,
    meter: model,
    detachable: false,
    stream: (signal) => provider.streamChat({ model: model.modelId, messages, signal }),
  };
}
