import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { loadPrincipal } from '../../platform/auth/principal.js';
import { beginAiRequest } from './ai-access.js';

/**
 * Two API processes on one PostgreSQL and one Redis: the per-minute AI limits count requests made
 * on either (the counters live in the shared cache), and a limit set on one applies on the other at
 * once (setLimits drops the cached limits in Redis).
 */
const clustered = process.env.LINTEL_TEST_DB === 'postgres' && !!process.env.LINTEL_TEST_REDIS;

describe.skipIf(!clustered)('AI limits across two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('counts requests made on both processes against one limit', async () => {
    const admin = (await a.login('admin')).accessToken;
    // Read the (absent) limits on b first: its cached "no limits" must not outlive the change on a.
    const staffOn = async (t: TestApp) =>
      (await loadPrincipal(t.ctx.db, {
        userId: SEED_IDS.staff,
        tenantId: SEED_IDS.tenant,
        homeTenantId: SEED_IDS.tenant,
        tenantEpoch: '0',
        menuEpoch: '0',
      }))!;
    await beginAiRequest(b.ctx, await staffOn(b));
    const limits = {
      tenantRequestsPerMinute: 0,
      userRequestsPerMinute: 2,
      tenantTokensPerDay: 0,
      userTokensPerDay: 0,
    };
    expect((await a.call('POST', '/api/aiProvider/setLimits', admin, limits)).json().code).toBe(200);

    if (new Date().getUTCSeconds() > 57) await new Promise((resolve) => setTimeout(resolve, 3_000));
    await beginAiRequest(a.ctx, await staffOn(a));
    await beginAiRequest(b.ctx, await staffOn(b));
    await expect(beginAiRequest(a.ctx, await staffOn(a))).rejects.toMatchObject({
      statusCode: 429,
      key: 'ai.limit.userPerMinute',
    });
    await expect(beginAiRequest(b.ctx, await staffOn(b))).rejects.toMatchObject({ statusCode: 429 });
  });
});
