import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { peekCaptcha } from './captcha.js';

const en = { 'accept-language': 'en' };

describe('lockout, account types and tenants', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  const attempt = (account: string, password: string, tenantId?: string) =>
    t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account, password: t.encrypt(password), ...(tenantId ? { tenantId } : {}) },
      en,
    );

  it('locks an account for 30 minutes after 5 failures, even for the right password', async () => {
    for (let i = 1; i <= 4; i++) expect((await attempt('staff', `Wrong@${i}x`)).statusCode).toBe(400);
    const fifth = await attempt('staff', 'Wrong@5x');
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json().message).toMatch(/locked.*30 minutes/);
    const right = await attempt('staff', DEMO_PASSWORD);
    expect(right.statusCode).toBe(429);
  });

  it('treats unknown accounts like known ones (no enumeration)', async () => {
    const unknown = await attempt('nobody-here', 'Wrong@1x');
    const known = await attempt('member', 'Wrong@1x');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json().message).toBe(known.json().message);
  });

  it('clears the failure count on success', async () => {
    for (let i = 1; i <= 4; i++) await attempt('admin', `Wrong@${i}y`);
    expect((await attempt('admin', DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 1; i <= 4; i++) expect((await attempt('admin', `Wrong@${i}z`)).statusCode).toBe(400);
    expect((await attempt('admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses account types without login permission', async () => {
    const res = await attempt('contact', DEMO_PASSWORD);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Sorry, this account has no permission to log in.');
  });

  it('signs in with the e-mail address too', async () => {
    expect((await attempt('ADMIN@lintel.local', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a plain-text password', async () => {
    const res = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'admin', password: DEMO_PASSWORD },
      en,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('decrypted');
  });

  it('keeps tenants apart: an account of one tenant cannot sign in to another', async () => {
    const other = await createOtherTenant(t);
    expect((await attempt('admin', other.password, other.tenantId)).statusCode).toBe(200);
    expect((await attempt('admin', other.password)).statusCode).toBe(400); // default tenant's admin has another password
    expect((await attempt('staff', DEMO_PASSWORD, other.tenantId)).statusCode).toBe(400);
    const token = (await attempt('admin', other.password, other.tenantId)).json().result.accessToken;
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info).toMatchObject({ tenantId: other.tenantId, id: other.adminId });
  });

  it('lets the super admin work in another tenant', async () => {
    const other = '1300000009002';
    await createOtherTenant(t, other);
    const res = await attempt('superAdmin', DEMO_PASSWORD, other);
    expect(res.statusCode).toBe(200);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', res.json().result.accessToken)).json().result;
    expect(info).toMatchObject({
      id: SEED_IDS.superAdmin,
      tenantId: SEED_IDS.tenant,
      currentTenantId: other,
      isSuperAdmin: true,
    });
  });

  it('refuses sign-in to a disabled or unknown tenant', async () => {
    await t.ctx.db.platform((trx) =>
      trx.updateTable('sysTenant').set({ status: 2 }).where('id', '=', '1300000009001').execute(),
    );
    await t.ctx.tenants.invalidate('1300000009001');
    const res = await attempt('admin', 'Other@2026x', '1300000009001');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This tenant does not exist or is disabled.');
    expect((await attempt('admin', DEMO_PASSWORD, '1300000009999')).statusCode).toBe(400);
  });
});

describe('image captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LINTEL_CAPTCHA: 'on' });
  });
  afterAll(async () => t?.close());

  it('issues a PNG image that expires in 60 s', async () => {
    const res = await t.call('GET', '/api/sysAuth/captcha');
    expect(res.statusCode).toBe(200);
    const { id, img, expirySeconds, enabled } = res.json().result;
    // A raster picture (captcha.test.ts checks it carries no outlines or text).
    expect(img).toMatch(/^data:image\/png;base64,/);
    expect(expirySeconds).toBe(60);
    expect(enabled).toBe(true);
    expect(await t.ctx.cache.ttl(`captcha:${id}`)).toBeGreaterThan(55);
  });

  it('requires the code, refuses a wrong one and accepts each code once', async () => {
    const body = { account: 'admin', password: t.encrypt(DEMO_PASSWORD) };
    expect((await t.call('POST', '/api/sysAuth/login', undefined, body, en)).json().message).toBe(
      'Please enter the verification code.',
    );
    const { id } = (await t.call('GET', '/api/sysAuth/captcha')).json().result;
    const answer = (await peekCaptcha(t.ctx.cache, id))!;
    const wrong = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { ...body, codeId: id, code: `${answer}x` },
      en,
    );
    expect(wrong.statusCode).toBe(400);
    // A wrong guess burns the image.
    const after = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { ...body, codeId: id, code: answer },
      en,
    );
    expect(after.json().message).toMatch(/verification code is wrong/);
    const { id: id2 } = (await t.call('GET', '/api/sysAuth/captcha')).json().result;
    const answer2 = (await peekCaptcha(t.ctx.cache, id2))!;
    const ok = await t.call('POST', '/api/sysAuth/login', undefined, {
      ...body,
      codeId: id2,
      code: answer2.toUpperCase(),
    });
    expect(ok.statusCode).toBe(200);
    const reuse = await t.call('POST', '/api/sysAuth/login', undefined, {
      ...body,
      codeId: id2,
      code: answer2,
    });
    expect(reuse.statusCode).toBe(400);
  });
});

describe('rate limits', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('answers 429 with a localized wait once a client exceeds the captcha limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await t.call('GET', '/api/sysAuth/captcha', undefined, undefined, en)).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const limited = await t.call('GET', '/api/sysAuth/captcha', undefined, undefined, en);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 429, type: 'warning' });
    expect(limited.json().message).toMatch(/Please wait \d+ seconds/);
  });
});

describe('client address behind proxies', () => {
  it('ignores X-Forwarded-For unless TRUST_PROXY says whom to believe', async () => {
    const direct = await createTestApp();
    const proxied = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      for (const t of [direct, proxied]) {
        await t.call(
          'POST',
          '/api/sysAuth/login',
          undefined,
          { account: 'admin', password: t.encrypt(DEMO_PASSWORD) },
          {
            'x-forwarded-for': '203.0.113.7',
          },
        );
      }
      const ip = async (t: TestApp) =>
        (
          await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
            trx
              .selectFrom('sysUser')
              .select('lastLoginIp')
              .where('id', '=', SEED_IDS.admin)
              .executeTakeFirstOrThrow(),
          )
        ).lastLoginIp;
      expect(await ip(direct)).toBe('127.0.0.1');
      expect(await ip(proxied)).toBe('203.0.113.7');
    } finally {
      await direct.close();
      await proxied.close();
    }
  });
});
