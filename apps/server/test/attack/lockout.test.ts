import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../harness.js';
import { createOtherTenant } from '../tenants.js';

/**
 * Issue 8, finding 4: the lockout counted failures per tenant and per typed name, so the super admin
 * locked in one tenant signed in through another tenant id, and an account locked by its name signed
 * in by its e-mail. Failures now count on the account itself.
 */
let t: TestApp;
let other: Awaited<ReturnType<typeof createOtherTenant>>;
beforeAll(async () => {
  t = await createTestApp();
  other = await createOtherTenant(t);
});
afterAll(async () => t?.close());

const login = (account: string, password: string, tenantId?: string) =>
  t.call('POST', '/api/sysAuth/login', undefined, {
    account,
    password: t.encrypt(password),
    ...(tenantId ? { tenantId } : {}),
  });

const lockOut = async (account: string, tenantId?: string) => {
  for (let i = 0; i < 5; i++) await login(account, 'Wrong@2026x', tenantId);
};

describe('lockout keys', () => {
  it('locks the super admin in every tenant, not only where the failures happened', async () => {
    await lockOut('superAdmin', SEED_IDS.tenant);
    expect((await login('superAdmin', DEMO_PASSWORD, SEED_IDS.tenant)).statusCode).toBe(429);
    expect((await login('superAdmin', DEMO_PASSWORD, other.tenantId)).statusCode).toBe(429);
  });

  it('locks an account whatever name it is reached by (account name or e-mail)', async () => {
    await lockOut('staff');
    expect((await login('staff', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login('STAFF@lintel.local', DEMO_PASSWORD)).statusCode).toBe(429);
    await lockOut('member@lintel.local');
    expect((await login('member', DEMO_PASSWORD)).statusCode).toBe(429);
  });

  it('locks an account for SMS sign-in too', async () => {
    // staff is locked by the test above; its phone is 13800000003.
    expect((await t.call('POST', '/api/sysSms/sendSms/13800000003', undefined, {})).statusCode).toBe(200);
    const code = t.sms.get('13800000003')!;
    const res = await t.call('POST', '/api/sysAuth/loginPhone', undefined, { phone: '13800000003', code });
    expect(res.statusCode).toBe(429);
  });

  it('does not let failures on a name nobody has lock anyone', async () => {
    await lockOut('nobody-at-all');
    expect((await login('nobody-at-all', DEMO_PASSWORD)).statusCode).toBe(429);
    expect((await login('admin', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('lockout under concurrency (outsider attack, finding 6)', () => {
  // A fresh app: the attempts above used up this client's sign-in rate limit.
  let fresh: TestApp;
  beforeAll(async () => {
    fresh = await createTestApp();
  });
  afterAll(async () => fresh?.close());
  const attempt = (password: string) =>
    fresh.call('POST', '/api/sysAuth/login', undefined, {
      account: 'contact',
      password: fresh.encrypt(password),
    });

  it('checks at most the allowed number of passwords from a burst, and a right one after them is locked out', async () => {
    const burst = await Promise.all(Array.from({ length: 12 }, () => attempt('Wrong@2026x')));
    const statuses = burst.map((r) => r.statusCode);
    // 'contact' may not sign in at all: a wrong password says 400, a refused attempt 429.
    expect(statuses.filter((s) => s === 400).length).toBeLessThanOrEqual(4);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(8);
    const detail = await fresh.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysLoginFailure')
        .select('lockedUntil')
        .where('subject', '=', `u:${SEED_IDS.other}`)
        .executeTakeFirstOrThrow(),
    );
    expect(detail.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    expect((await attempt(DEMO_PASSWORD)).statusCode).toBe(429);
  });
});

describe('captcha of the account’s own tenant (outsider attack, finding 8)', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ LINTEL_CAPTCHA: 'on' });
  });
  afterAll(async () => strict?.close());

  it('asks the super admin for its own tenant’s captcha when it signs in through a tenant that switched it off', async () => {
    const lax = await createOtherTenant(strict, '1300000009301');
    await strict.ctx.db.platform((trx) =>
      trx.updateTable('sysTenant').set({ captcha: false }).where('id', '=', lax.tenantId).execute(),
    );
    await strict.ctx.tenants.invalidate(lax.tenantId);
    const attempt = (account: string, password: string) =>
      strict.call('POST', '/api/sysAuth/login', undefined, {
        account,
        password: strict.encrypt(password),
        tenantId: lax.tenantId,
      });
    const superAdmin = await attempt('superAdmin', DEMO_PASSWORD);
    expect(superAdmin.statusCode).toBe(400);
    expect(superAdmin.json().message).toBeTruthy();
    // The lax tenant's own admin needs none.
    expect((await attempt('admin', lax.password)).statusCode).toBe(200);
  });
});
