import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { AiProviderRepo } from '../../src/modules/ai-provider/ai-provider.repo.js';
import { sealSecret } from '../../src/platform/crypto/secret-box.js';
import { newId } from '../../src/platform/db/ids.js';
import type { TestApp } from '../harness.js';
import { startOpenAiUpstream, type OpenAiUpstream } from './openai-upstream.js';

/**
 * Gives a tenant of a test app a working model provider: an enabled OpenAI-compatible provider
 * pointing at a local fake upstream (started here unless one is given), with three enabled models:
 *   chat      `fake-chat`      the tenant's default
 *   reasoner  `fake-reasoner`  reasoning (the fake thinks first for it)
 *   vision    `fake-vision`    vision
 * The app must allow loopback calls: createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' }).
 *
 *   const ai = await configureTestProvider(t);
 *   ai.upstream.reply(chat([content('x = 2'), finish()]));
 *   ...
 *   await ai.close(); // stops the upstream it started
 */
export interface TestProvider {
  upstream: OpenAiUpstream;
  providerId: string;
  /** ai_model row ids (what openChatModel and the chat's model selector take). */
  models: { chat: string; reasoner: string; vision: string };
  close(): Promise<void>;
}

export async function configureTestProvider(
  t: TestApp,
  tenantId: string = DEFAULT_TENANT_ID,
  options: { upstream?: OpenAiUpstream } = {},
): Promise<TestProvider> {
  if (!t.config.allowPrivateHosts.some((entry) => entry === '127.0.0.1' || entry.startsWith('127.')))
    throw new Error("configureTestProvider: create the app with { ALLOW_PRIVATE_HOSTS: '127.0.0.1' }");
  const upstream = options.upstream ?? (await startOpenAiUpstream());
  const repo = new AiProviderRepo();
  const providerId = newId();
  const models = { chat: newId(), reasoner: newId(), vision: newId() };
  await t.ctx.db.tenant(tenantId, async (trx) => {
    await repo.insert(trx, {
      id: providerId,
      tenantId,
      kind: 'openai',
      name: 'Fake upstream',
      baseUrl: upstream.baseUrl,
      apiKey: sealSecret(t.ctx.keys, upstream.apiKey),
      remark: null,
    });
    const model = (
      id: string,
      modelId: string,
      name: string,
      flags: { reasoning?: boolean; vision?: boolean; isDefault?: boolean },
      orderNo: number,
    ) => repo.insertModel(trx, { id, tenantId, providerId, modelId, name, orderNo, ...flags });
    // Another test may have left a default in this tenant: this fixture's chat model takes it.
    await repo.clearDefault(trx);
    await model(models.chat, 'fake-chat', 'Fake Chat', { isDefault: true }, 1);
    await model(models.reasoner, 'fake-reasoner', 'Fake Reasoner', { reasoning: true }, 2);
    await model(models.vision, 'fake-vision', 'Fake Vision', { vision: true }, 3);
  });
  return {
    upstream,
    providerId,
    models,
    async close() {
      if (!options.upstream) await upstream.close();
    },
  };
}
