import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { openSecret } from '../../platform/crypto/secret-box.js';
import { PROMPTS } from '../stu-workflow/prompts/index.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const KEY = 'app-secret-dify-key-123';
const row = {
  grade: '初二',
  subject: '数学',
  orderType: 'solve',
  baseUrl: 'https://dify.example.test/v1/',
  workFlowId: 'wf-solve',
  name: '初二数学解题',
  description: 'Dify solve workflow',
  orderNo: 10,
  code: KEY,
};

describe('aiWorkFlowConfig', () => {
  it('stores the Dify key sealed, never answers it, and keeps it on an update without a key', async () => {
    const added = await t.call('POST', '/api/aiWorkFlowConfig/add', admin, row);
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result as string;

    const page = await t.call('POST', '/api/aiWorkFlowConfig/page', admin, { orderType: 'solve' });
    expect(page.body).not.toContain(KEY);
    expect(page.json().result.items).toEqual([
      expect.objectContaining({
        id,
        grade: '初二',
        subject: '数学',
        orderType: 'solve',
        baseUrl: 'https://dify.example.test/v1',
        workFlowId: 'wf-solve',
        hasCode: true,
        name: '初二数学解题',
        createUserName: '系统管理员',
      }),
    ]);
    const detail = await t.call('GET', `/api/aiWorkFlowConfig/detail?id=${id}`, admin);
    expect(detail.body).not.toContain(KEY);
    expect(detail.json().result).not.toHaveProperty('code');

    const stored = () =>
      t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx.selectFrom('aiWorkflowConfig').select('code').where('id', '=', id).executeTakeFirstOrThrow(),
      );
    const sealed = (await stored()).code;
    expect(sealed).not.toContain(KEY);
    expect(openSecret(t.ctx.keys, sealed)).toBe(KEY);

    const { code: _code, ...withoutKey } = row;
    const kept = await t.call('POST', '/api/aiWorkFlowConfig/update', admin, {
      id,
      ...withoutKey,
      name: 'renamed',
      code: '',
    });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(openSecret(t.ctx.keys, (await stored()).code)).toBe(KEY);
    await t.call('POST', '/api/aiWorkFlowConfig/update', admin, { id, ...withoutKey, code: 'app-new-key' });
    expect(openSecret(t.ctx.keys, (await stored()).code)).toBe('app-new-key');

    const bad = await t.call(
      'POST',
      '/api/aiWorkFlowConfig/add',
      admin,
      { ...row, baseUrl: 'ftp://x.example/v1' },
      {
        'accept-language': 'en',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('http or https');

    const other = await createOtherTenant(t);
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    const foreign = await t.call('GET', `/api/aiWorkFlowConfig/detail?id=${id}`, otherAdmin);
    expect([403, 404]).toContain(foreign.statusCode);

    expect((await t.call('POST', '/api/aiWorkFlowConfig/delete', admin, { id })).statusCode).toBe(200);
    expect((await t.call('GET', `/api/aiWorkFlowConfig/detail?id=${id}`, admin)).statusCode).toBe(404);
  });

  it('lists the prompt templates and saves, validates and resets an override', async () => {
    const list = await t.call('GET', '/api/aiWorkFlowConfig/prompts', admin);
    expect(list.statusCode).toBe(200);
    const prompts = list.json().result as {
      kind: string;
      version: number;
      defaultTemplate: string;
      override: null;
    }[];
    expect(prompts.map((p) => p.kind)).toEqual(['solve', 'check', 'analyse', 'practise']);
    expect(prompts[0]).toMatchObject({
      version: PROMPTS.solve.version,
      defaultTemplate: PROMPTS.solve.text,
      override: null,
    });

    const en = { 'accept-language': 'en' };
    const unknown = await t.call(
      'POST',
      '/api/aiWorkFlowConfig/setPrompt',
      admin,
      {
        kind: 'check',
        template: '{{question}} {{correctAnswer}} {{studentAnswer}} {{colour}}',
      },
      en,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('The template uses placeholders it does not know: colour.');
    const missing = await t.call(
      'POST',
      '/api/aiWorkFlowConfig/setPrompt',
      admin,
      { kind: 'check', template: 'Judge {{question}}' },
      en,
    );
    expect(missing.json().message).toBe(
      'The template must keep these placeholders: correctAnswer, studentAnswer.',
    );

    const text = 'Grade {{grade}}: judge {{studentAnswer}} against {{correctAnswer}} for {{question}}.';
    expect(
      (await t.call('POST', '/api/aiWorkFlowConfig/setPrompt', admin, { kind: 'check', template: text }))
        .statusCode,
    ).toBe(200);
    const saved = (await t.call('GET', '/api/aiWorkFlowConfig/prompts', admin)).json().result[1];
    expect(saved).toMatchObject({
      kind: 'check',
      override: text,
      overrideVersion: PROMPTS.check.version,
      updateUserName: '系统管理员',
    });

    await t.call('POST', '/api/aiWorkFlowConfig/setPrompt', admin, { kind: 'check', template: '' });
    expect(
      (await t.call('GET', '/api/aiWorkFlowConfig/prompts', admin)).json().result[1].override,
    ).toBeNull();
  });

  it('is refused to a student', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/aiWorkFlowConfig/page', member, {})).statusCode).toBe(403);
  });
});
