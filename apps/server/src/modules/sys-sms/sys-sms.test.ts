import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

const en = { 'accept-language': 'en' };
const STAFF_PHONE = '13800000003';

describe('SMS code and mobile sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('sends a code to an account phone and signs in with it once', async () => {
    const sent = await t.call('POST', `/api/sysSms/sendSms/${STAFF_PHONE}`);
    expect(sent.statusCode).toBe(200);
    expect(sent.json().result).toEqual({ resendAfter: 60, expirySeconds: 300 });
    const code = t.sms.get(STAFF_PHONE)!;
    expect(code).toMatch(/^\d{6}$/);
    const login = await t.call('POST', '/api/sysAuth/loginPhone', undefined, { phone: STAFF_PHONE, code });
    expect(login.statusCode).toBe(200);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', login.json().result.accessToken)).json()
      .result;
    expect(info.id).toBe(SEED_IDS.staff);
    const reuse = await t.call(
      'POST',
      '/api/sysAuth/loginPhone',
      undefined,
      { phone: STAFF_PHONE, code },
      en,
    );
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toBe('The SMS code is wrong or has expired.');
  });

  it("sends the same code under Admin.NET's address with a template id", async () => {
    const phone = '13800000005';
    const sent = await t.call('POST', `/api/sysSms/sendSms/${phone}/SMS_0001`);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(t.sms.get(phone)).toMatch(/^\d{6}$/);
    const bad = await t.call('POST', `/api/sysSms/sendSms/${phone}/a%20b`, undefined, undefined, en);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('templateId');
  });

  it('makes the number wait before another code', async () => {
    const again = await t.call('POST', `/api/sysSms/sendSms/${STAFF_PHONE}`, undefined, undefined, en);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toMatch(/wait \d+ seconds/);
  });

  it('invalidates a code after 5 wrong guesses', async () => {
    const phone = '13800000004';
    await t.call('POST', `/api/sysSms/sendSms/${phone}`);
    const code = t.sms.get(phone)!;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await t.call('POST', '/api/sysAuth/loginPhone', undefined, { phone, code: wrong });
    expect((await t.call('POST', '/api/sysAuth/loginPhone', undefined, { phone, code })).statusCode).toBe(
      400,
    );
  });

  it('answers the same for an unknown number and sends nothing', async () => {
    const res = await t.call('POST', '/api/sysSms/sendSms/13912345678');
    expect(res.statusCode).toBe(200);
    expect(t.sms.has('13912345678')).toBe(false);
  });

  it('refuses a malformed number, naming the field', async () => {
    const res = await t.call('POST', '/api/sysSms/sendSms/12345', undefined, undefined, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('phoneNumber');
    const login = await t.call(
      'POST',
      '/api/sysAuth/loginPhone',
      undefined,
      { phone: '23800000003', code: '123456' },
      en,
    );
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toContain('phone');
  });
});

describe('daily limit per number', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it('sends at most 10 codes a day to one number', async () => {
    const phone = '13800000005';
    for (let i = 0; i < 10; i++) {
      await t.ctx.cache.del(`sms:wait:1300000000001:${phone}`); // skip the resend wait, not the daily count
      // From different addresses, so the per-address limit does not answer first.
      const from = { 'x-forwarded-for': `198.51.100.${i}` };
      expect(
        (await t.call('POST', `/api/sysSms/sendSms/${phone}`, undefined, undefined, from)).statusCode,
      ).toBe(200);
    }
    await t.ctx.cache.del(`sms:wait:1300000000001:${phone}`);
    const eleventh = await t.call('POST', `/api/sysSms/sendSms/${phone}`, undefined, undefined, {
      'accept-language': 'en',
    });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().message).toContain('10 codes today');
  });
});

describe('limits per tenant (outsider attack, finding 14)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 'true' });
  });
  afterAll(async () => t?.close());

  it("does not let requests through another tenant hold up a number's sign-in here", async () => {
    const other = await createOtherTenant(t);
    const phone = '13800000004';
    const through = (tenantId: string, i: number) =>
      t.call('POST', `/api/sysSms/sendSms/${phone}?tenantId=${tenantId}`, undefined, undefined, {
        'x-forwarded-for': `198.51.100.${50 + i}`,
      });
    expect((await through(other.tenantId, 0)).statusCode).toBe(200);
    expect((await through(other.tenantId, 1)).statusCode).toBe(429);
    expect((await through('1300000000001', 2)).statusCode).toBe(200);
  });
});
