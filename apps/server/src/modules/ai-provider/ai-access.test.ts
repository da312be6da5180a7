import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chat, content, finish, usage } from '../../../test/fakes/openai-upstream.js';
import { configureTestProvider, type TestProvider } from '../../../test/fakes/ai-provider-fixture.js';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { SEED_IDS } from '../../../test/harness.js';
import { loadPrincipal } from '../../platform/auth/principal.js';
import type { AiEvent } from '../../platform/ai/types.js';
import { AppError } from '../../platform/http/errors.js';
import { beginAiRequest, openChatModel, recordAiUsage, usableModels } from './ai-access.js';
import { AiProviderRepo } from './ai-provider.repo.js';

let t: TestApp;
const principalFor = async (userId: string, tenantId: string = SEED_IDS.tenant) =>
  (await loadPrincipal(t.ctx.db, {
    userId,
    tenantId,
    homeTenantId: tenantId,
    tenantEpoch: '0',
    menuEpoch: '0',
  }))!;
let ai: TestProvider;
beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  ai = await configureTestProvider(t);
});
afterAll(async () => {
  await ai?.close();
  await t?.close();
});

async function collect(events: AsyncIterable<AiEvent>): Promise<AiEvent[]> {
  const out: AiEvent[] = [];
  for await (const event of events) out.push(event);
  return out;
}

describe('ai-access', () => {
  it('opens the default model, or the one named, and streams through the fake upstream with the saved key', async () => {
    const admin = await principalFor(SEED_IDS.admin);
    const opened = await t.ctx.db.tenant(admin.tenantId, (trx) => openChatModel(t.ctx, trx, admin, null));
    expect(opened.model).toMatchObject({
      id: ai.models.chat,
      modelId: 'fake-chat',
      reasoning: false,
      vision: false,
    });
    ai.upstream.reply(chat([content('hello'), finish(), usage(3, 1)]));
    const events = await collect(
      opened.provider.streamChat({
        model: opened.model.modelId,
        messages: [{ role: 'user', content: 'hi' }],
        signal: new AbortController().signal,
      }),
    );
    expect(events.at(-1)).toEqual({ type: 'done', finishReason: 'stop' });
    expect(ai.upstream.chats().at(-1)!.headers.authorization).toBe(`Bearer ${ai.upstream.apiKey}`);

    const named = await t.ctx.db.tenant(admin.tenantId, (trx) =>
      openChatModel(t.ctx, trx, admin, ai.models.reasoner),
    );
    expect(named.model).toMatchObject({ modelId: 'fake-reasoner', reasoning: true });
    const list = await t.ctx.db.tenant(admin.tenantId, (trx) => usableModels(trx));
    expect(list.map((m) => [m.modelId, m.isDefault])).toEqual([
      ['fake-chat', true],
      ['fake-reasoner', false],
      ['fake-vision', false],
    ]);
  });

  it('says not configured in a tenant without models, and unavailable for a disabled model', async () => {
    const tenant = await createOtherTenant(t);
    const other = await principalFor(tenant.adminId, tenant.tenantId);
    const error = await t.ctx.db
      .tenant(other.tenantId, (trx) => openChatModel(t.ctx, trx, other, null))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, key: 'ai.notConfigured' });

    const admin = await principalFor(SEED_IDS.admin);
    await t.ctx.db.tenant(admin.tenantId, (trx) =>
      new AiProviderRepo().updateModel(trx, ai.models.vision, { enabled: false }),
    );
    const unavailable = await t.ctx.db
      .tenant(admin.tenantId, (trx) => openChatModel(t.ctx, trx, admin, ai.models.vision))
      .catch((e: unknown) => e);
    expect(unavailable).toMatchObject({ statusCode: 400, key: 'ai.modelUnavailable' });
    await t.ctx.db.tenant(admin.tenantId, (trx) =>
      new AiProviderRepo().updateModel(trx, ai.models.vision, { enabled: true }),
    );
  });

  it('records usage per user, model and day, and refuses once a limit is reached', async () => {
    const admin = await principalFor(SEED_IDS.admin);
    const model = {
      id: ai.models.chat,
      modelId: 'fake-chat',
      name: 'Fake Chat',
      reasoning: false,
      vision: false,
      providerId: ai.providerId,
    };
    await recordAiUsage(t.ctx, admin, model, { promptTokens: 10, completionTokens: 5 });
    await recordAiUsage(t.ctx, admin, model, { promptTokens: 1, completionTokens: 2 });
    const rows = await t.ctx.db.tenant(admin.tenantId, (trx) =>
      trx.selectFrom('aiUsage').selectAll().execute(),
    );
    expect(rows).toEqual([
      expect.objectContaining({
        userId: admin.userId,
        modelRowId: ai.models.chat,
        requests: 2,
        promptTokens: '11',
        completionTokens: '7',
      }),
    ]);

    await beginAiRequest(t.ctx, admin);
    await t.ctx.db.tenant(admin.tenantId, (trx) =>
      new AiProviderRepo().setLimits(trx, {
        tenantId: admin.tenantId,
        userTokensPerDay: 18,
        userRequestsPerMinute: 0,
        tenantRequestsPerMinute: 0,
        tenantTokensPerDay: 0,
      }),
    );
    await t.ctx.cache.del(`aiLimits:${admin.tenantId}`);
    await expect(beginAiRequest(t.ctx, admin)).rejects.toMatchObject({
      statusCode: 429,
      key: 'ai.limit.userTokensPerDay',
    });
  });
});
