import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chat,
  content,
  failWith,
  finish,
  type OpenAiUpstream,
  startOpenAiUpstream,
} from '../../../test/fakes/openai-upstream.js';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { configureTestProvider } from '../../../test/fakes/ai-provider-fixture.js';
import { loadPrincipal } from '../../platform/auth/principal.js';
import { t as translate } from '../../platform/i18n/index.js';
import { beginAiRequest, openChatModel, recordAiUsage } from './ai-access.js';

/** The provider settings over HTTP: keys sealed and never answered, models, tests, limits, usage. */
let t: TestApp;
let upstream: OpenAiUpstream;
let admin: string;
let member: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  upstream = await startOpenAiUpstream();
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => {
  await upstream?.close();
  await t?.close();
});

const model = (
  modelId: string,
  flags: Partial<{ reasoning: boolean; vision: boolean; isDefault: boolean; id: string }> = {},
) => ({
  modelId,
  name: modelId.toUpperCase(),
  reasoning: false,
  vision: false,
  isDefault: false,
  enabled: true,
  ...flags,
});

const providerBody = (over: Record<string, unknown> = {}) => ({
  kind: 'openai',
  name: 'DeepSeek (fake)',
  baseUrl: `${upstream.baseUrl}/`,
  apiKey: upstream.apiKey,
  enabled: true,
  orderNo: 1,
  remark: 'for tests',
  models: [model('fake-chat', { isDefault: true }), model('fake-reasoner', { reasoning: true })],
  ...over,
});

const principal = async (userId: string, tenantId: string = SEED_IDS.tenant) =>
  (await loadPrincipal(t.ctx.db, {
    userId,
    tenantId,
    homeTenantId: tenantId,
    tenantEpoch: '0',
    menuEpoch: '0',
  }))!;

async function addProvider(over: Record<string, unknown> = {}, token = admin): Promise<string> {
  const response = await t.call('POST', '/api/aiProvider/add', token, providerBody(over));
  expect(response.json(), response.body).toMatchObject({ code: 200 });
  return response.json().result as string;
}

describe('aiProvider', () => {
  let providerId: string;
  let usedModel = '';

  it('adds a provider: the key is sealed at rest and never answered', async () => {
    providerId = await addProvider();
    const detail = await t.call('GET', `/api/aiProvider/detail?id=${providerId}`, admin);
    expect(detail.body).not.toContain(upstream.apiKey);
    expect(detail.json().result).toMatchObject({
      kind: 'openai',
      name: 'DeepSeek (fake)',
      baseUrl: upstream.baseUrl,
      hasApiKey: true,
      modelCount: 2,
      models: [
        { modelId: 'fake-chat', isDefault: true, reasoning: false },
        { modelId: 'fake-reasoner', isDefault: false, reasoning: true },
      ],
    });
    expect(detail.json().result).not.toHaveProperty('apiKey');
    const page = await t.call('POST', '/api/aiProvider/page', admin, {});
    expect(page.body).not.toContain(upstream.apiKey);
    expect(page.json().result.items).toEqual([
      expect.objectContaining({ id: providerId, hasApiKey: true, modelCount: 2 }),
    ]);

    const stored = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('aiProvider').select('apiKey').where('id', '=', providerId).executeTakeFirstOrThrow(),
    );
    expect(stored.apiKey).toMatch(/^v1\./);
    expect(stored.apiKey).not.toContain(upstream.apiKey);
  });

  it('tests a saved provider with its saved key: model list and a one-token chat', async () => {
    upstream.reply(chat([content('H'), content('ello'), finish()]));
    const response = await t.call('POST', '/api/aiProvider/testConnection', admin, { id: providerId }, en);
    expect(response.json().result).toMatchObject({
      ok: true,
      code: null,
      message: '',
      models: ['fake-chat', 'fake-reasoner', 'fake-vision'],
      chatModel: 'fake-chat',
    });
    expect(response.json().result.listLatencyMs).toBeGreaterThanOrEqual(0);
    expect(response.json().result.chatLatencyMs).toBeGreaterThanOrEqual(0);
    const sent = upstream.chats().at(-1)!;
    expect(sent.headers.authorization).toBe(`Bearer ${upstream.apiKey}`);
    expect(sent.body).toMatchObject({ model: 'fake-chat', max_tokens: 1 });
    // The test stops at the first token: the upstream sees the request end early or finish.
    await sent.closed;
  });

  it('tests unsaved form values and reports the localized failure', async () => {
    const wrongKey = await t.call(
      'POST',
      '/api/aiProvider/testConnection',
      admin,
      { kind: 'openai', baseUrl: upstream.baseUrl, apiKey: 'sk-wrong' },
      en,
    );
    expect(wrongKey.json().result).toMatchObject({
      ok: false,
      code: 'unauthorized',
      message: 'The AI provider refused the API key. (Incorrect API key provided)',
    });
    upstream.reply(failWith(404, 'The model `nope` does not exist'));
    const badModel = await t.call(
      'POST',
      '/api/aiProvider/testConnection',
      admin,
      { id: providerId, modelId: 'nope' },
      { 'accept-language': 'zh-CN' },
    );
    expect(badModel.json().result).toMatchObject({ ok: false, code: 'bad_request' });
    expect(badModel.json().result.message).toContain('AI 提供商拒绝了该请求');
  });

  it('fetches the model ids, an empty list where the provider has none, a localized error for a bad key', async () => {
    const models = await t.call('POST', '/api/aiProvider/fetchModels', admin, { id: providerId });
    expect(models.json().result).toEqual(['fake-chat', 'fake-reasoner', 'fake-vision']);
    const saved = upstream.models;
    upstream.models = null;
    try {
      expect(
        (await t.call('POST', '/api/aiProvider/fetchModels', admin, { id: providerId })).json().result,
      ).toEqual([]);
    } finally {
      upstream.models = saved;
    }
    const refused = await t.call(
      'POST',
      '/api/aiProvider/fetchModels',
      admin,
      { baseUrl: upstream.baseUrl, apiKey: 'bad' },
      en,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('The AI provider refused the API key. (Incorrect API key provided)');
  });

  it('updates without a key keeps the saved one; the model list is synced and the default moves', async () => {
    const before = await t.call('GET', `/api/aiProvider/detail?id=${providerId}`, admin);
    const [chatModel, reasoner] = before.json().result.models as { id: string }[];
    const response = await t.call(
      'POST',
      '/api/aiProvider/update',
      admin,
      providerBody({
        id: providerId,
        apiKey: '',
        name: 'Renamed',
        models: [
          model('fake-chat', { id: chatModel!.id }),
          model('fake-vision', { vision: true, isDefault: true }),
        ],
      }),
    );
    expect(response.json(), response.body).toMatchObject({ code: 200 });
    const after = (await t.call('GET', `/api/aiProvider/detail?id=${providerId}`, admin)).json().result;
    expect(after).toMatchObject({ name: 'Renamed', hasApiKey: true });
    expect(
      after.models.map((m: { modelId: string; isDefault: boolean }) => [m.modelId, m.isDefault]),
    ).toEqual([
      ['fake-chat', false],
      ['fake-vision', true],
    ]);
    expect(after.models[0].id).toBe(chatModel!.id);
    expect(after.models.map((m: { id: string }) => m.id)).not.toContain(reasoner!.id);

    upstream.reply(chat([content('ok'), finish()]));
    const test = await t.call('POST', '/api/aiProvider/testConnection', admin, { id: providerId });
    expect(test.json().result).toMatchObject({ ok: true, chatModel: 'fake-vision' });
    expect(upstream.chats().at(-1)!.headers.authorization).toBe(`Bearer ${upstream.apiKey}`);

    // A second provider's default takes the tenant's default from the first.
    const second = await addProvider({ name: 'Second', models: [model('other', { isDefault: true })] });
    const defaults = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('aiModel')
        .select('modelId')
        .where('isDefault', '=', true)
        .where('isDelete', '=', false)
        .execute(),
    );
    expect(defaults).toEqual([{ modelId: 'other' }]);
    await t.call('POST', '/api/aiProvider/delete', admin, { id: second });
  });

  it('refuses a duplicate model id, a Dify app without a key, and an invalid URL, with localized messages', async () => {
    const duplicate = await t.call(
      'POST',
      '/api/aiProvider/add',
      admin,
      providerBody({ models: [model('same'), model('same')] }),
      en,
    );
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json().message).toBe('The model same is listed twice.');
    const dify = await t.call(
      'POST',
      '/api/aiProvider/add',
      admin,
      providerBody({ kind: 'dify', apiKey: '' }),
      en,
    );
    expect(dify.json().message).toBe('Please enter the API key: a Dify app always has one.');
    const ftp = await t.call(
      'POST',
      '/api/aiProvider/add',
      admin,
      providerBody({ baseUrl: 'ftp://example.com/v1' }),
      en,
    );
    expect(ftp.json().message).toBe('The base URL must be a valid http or https address.');
  });

  it('keeps tenants apart: a provider of another tenant is not seen, changed, tried or used here', async () => {
    const other = await createOtherTenant(t);
    const theirs = await configureTestProvider(t, other.tenantId, { upstream });
    try {
      const page = (await t.call('POST', '/api/aiProvider/page', admin, {})).json().result;
      expect(page.items.map((p: { id: string }) => p.id)).not.toContain(theirs.providerId);
      const id = theirs.providerId;
      expect((await t.call('GET', `/api/aiProvider/detail?id=${id}`, admin)).statusCode).toBe(404);
      expect((await t.call('POST', '/api/aiProvider/update', admin, providerBody({ id }))).statusCode).toBe(
        404,
      );
      expect((await t.call('POST', '/api/aiProvider/testConnection', admin, { id })).statusCode).toBe(404);
      expect((await t.call('POST', '/api/aiProvider/fetchModels', admin, { id })).statusCode).toBe(404);
      expect((await t.call('POST', '/api/aiProvider/delete', admin, { id })).statusCode).toBe(404);
      const adminPrincipal = await principal(SEED_IDS.admin);
      await expect(
        t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
          openChatModel(t.ctx, trx, adminPrincipal, theirs.models.chat),
        ),
      ).rejects.toMatchObject({ statusCode: 400, key: 'ai.modelUnavailable' });
      // Their default is theirs; ours stays ours.
      const otherAdmin = await principal(other.adminId, other.tenantId);
      const opened = await t.ctx.db.tenant(other.tenantId, (trx) =>
        openChatModel(t.ctx, trx, otherAdmin, null),
      );
      expect(opened.model.id).toBe(theirs.models.chat);
      const ours = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        openChatModel(t.ctx, trx, adminPrincipal, null),
      );
      expect(ours.model.providerId).toBe(providerId);
    } finally {
      await theirs.close();
    }
  });

  it('is refused to an account without the permission', async () => {
    expect((await t.call('POST', '/api/aiProvider/page', member, {})).statusCode).toBe(403);
    expect((await t.call('GET', '/api/aiProvider/limits', member)).statusCode).toBe(403);
  });

  it('sets limits; a reached limit is a localized 429', async () => {
    expect((await t.call('GET', '/api/aiProvider/limits', admin)).json().result).toEqual({
      tenantRequestsPerMinute: 0,
      userRequestsPerMinute: 0,
      tenantTokensPerDay: 0,
      userTokensPerDay: 0,
    });
    const limits = {
      tenantRequestsPerMinute: 100,
      userRequestsPerMinute: 2,
      tenantTokensPerDay: 0,
      userTokensPerDay: 0,
    };
    expect((await t.call('POST', '/api/aiProvider/setLimits', admin, limits)).json().code).toBe(200);
    expect((await t.call('GET', '/api/aiProvider/limits', admin)).json().result).toEqual(limits);

    const staff = await principal(SEED_IDS.staff);
    const now = new Date();
    if (now.getUTCSeconds() > 57) await new Promise((resolve) => setTimeout(resolve, 3_000));
    await beginAiRequest(t.ctx, staff);
    await beginAiRequest(t.ctx, staff);
    const error = await beginAiRequest(t.ctx, staff).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 429, key: 'ai.limit.userPerMinute' });
    const { key, params } = error as { key: string; params: Record<string, string | number> };
    expect(translate('en', key, params)).toMatch(
      /^You have reached the limit of 2 AI requests per minute\. Please wait \d+ seconds\.$/,
    );
    // Another user still has the tenant's minute.
    await beginAiRequest(t.ctx, await principal(SEED_IDS.admin));

    const bad = await t.call('POST', '/api/aiProvider/setLimits', admin, { ...limits, userTokensPerDay: -1 });
    expect(bad.statusCode).toBe(400);
    await t.call('POST', '/api/aiProvider/setLimits', admin, {
      ...limits,
      userRequestsPerMinute: 0,
      tenantTokensPerDay: 50,
    });
    const adminPrincipal = await principal(SEED_IDS.admin);
    const opened = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      openChatModel(t.ctx, trx, adminPrincipal, null),
    );
    usedModel = opened.model.modelId;
    await recordAiUsage(t.ctx, adminPrincipal, opened.model, { promptTokens: 30, completionTokens: 25 });
    await expect(beginAiRequest(t.ctx, staff)).rejects.toMatchObject({
      statusCode: 429,
      key: 'ai.limit.tenantTokensPerDay',
    });
    await t.call('POST', '/api/aiProvider/setLimits', admin, { ...limits, userRequestsPerMinute: 0 });
  });

  it('answers usage by user, model and day with daily totals', async () => {
    const response = await t.call('POST', '/api/aiProvider/usage', admin, { page: 1, pageSize: 10 });
    const today = new Date().toISOString().slice(0, 10);
    expect(response.json().result).toMatchObject({
      total: 1,
      items: [
        {
          day: today,
          userId: SEED_IDS.admin,
          account: 'admin',
          modelId: usedModel,
          requests: 1,
          promptTokens: 30,
          completionTokens: 25,
          totalTokens: 55,
        },
      ],
      days: [{ day: today, requests: 1, promptTokens: 30, completionTokens: 25 }],
    });
    const filtered = await t.call('POST', '/api/aiProvider/usage', admin, { userId: SEED_IDS.staff });
    expect(filtered.json().result).toMatchObject({ total: 0, items: [], days: [] });
  });

  it('deletes a provider: its models go, the tenant has no model left', async () => {
    expect((await t.call('POST', '/api/aiProvider/delete', admin, { id: providerId })).json().code).toBe(200);
    expect((await t.call('GET', `/api/aiProvider/detail?id=${providerId}`, admin)).statusCode).toBe(404);
    const adminPrincipal = await principal(SEED_IDS.admin);
    await expect(
      t.ctx.db.tenant(SEED_IDS.tenant, (trx) => openChatModel(t.ctx, trx, adminPrincipal, null)),
    ).rejects.toMatchObject({ statusCode: 409, key: 'ai.notConfigured' });
    // Usage keeps naming the deleted model.
    const usage = await t.call('POST', '/api/aiProvider/usage', admin, {});
    expect(usage.json().result.items[0]).toMatchObject({ modelId: usedModel });
  });
});

describe('aiProvider without ALLOW_PRIVATE_HOSTS', () => {
  let strict: TestApp;
  let token: string;
  beforeAll(async () => {
    strict = await createTestApp();
    token = (await strict.login('admin')).accessToken;
  });
  afterAll(async () => strict?.close());

  it('refuses private, loopback and link-local base URLs on save and on test, and calls nothing', async () => {
    const before = upstream.requests.length;
    for (const baseUrl of [
      upstream.baseUrl,
      'http://localhost:11434/v1',
      'http://10.0.0.8/v1',
      'http://169.254.169.254/latest',
    ]) {
      const add = await strict.call('POST', '/api/aiProvider/add', token, providerBody({ baseUrl }), en);
      expect(add.statusCode, baseUrl).toBe(400);
      expect(add.json().message).toMatch(/is a private or local address, which this server may not call/);
      const test = await strict.call(
        'POST',
        '/api/aiProvider/testConnection',
        token,
        { baseUrl, apiKey: 'x' },
        en,
      );
      expect(test.statusCode, baseUrl).toBe(400);
    }
    expect(upstream.requests.length).toBe(before);
  });
});
