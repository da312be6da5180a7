import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { newId } from '../../platform/db/ids.js';
import { forgetConfig } from '../sys-config/config-values.js';
import { configuredRetention, parseRetentionDays, purgeExpiredLogs } from './log-retention.service.js';
import { verifyChain } from './chain-verify.service.js';

/** Retention: rows older than each tenant's retention go, in bounded batches; newer ones stay. */
let t: TestApp;
let other: string;
const now = new Date('2026-11-24T12:00:00Z');
const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);

const vis = (tenantId: string, createTime: Date) => ({
  id: newId(),
  tenantId,
  userId: null,
  account: 'someone',
  realName: null,
  actionName: 'login',
  loginMode: 'password',
  success: true,
  message: null,
  remoteIp: null,
  location: null,
  browser: null,
  os: null,
  userAgent: null,
  elapsedMs: 1,
  createTime,
});

beforeAll(async () => {
  t = await createTestApp();
  other = (await createOtherTenant(t)).tenantId;
  await t.ctx.db.platform(async (trx) => {
    const rows = [
      ...Array.from({ length: 7 }, (_, i) => vis(DEFAULT_TENANT_ID, daysAgo(200 + i))),
      vis(DEFAULT_TENANT_ID, daysAgo(10)),
      vis(other, daysAgo(40)),
      vis(other, daysAgo(5)),
    ];
    await trx.insertInto('sysLogVis').values(rows).execute();
    await trx
      .insertInto('sysLogEx')
      .values({
        id: newId(),
        tenantId: DEFAULT_TENANT_ID,
        requestId: 'r1',
        method: 'GET',
        url: '/api/x',
        statusCode: 500,
        createTime: daysAgo(181),
      })
      .execute();
  });
});
afterAll(async () => t?.close());

const count = (tenantId: string) =>
  t.ctx.db.tenant(tenantId, async (trx) =>
    Number(
      (
        await trx
          .selectFrom('sysLogVis')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

describe('purgeExpiredLogs', () => {
  it("deletes each tenant's rows older than its retention, batch by batch, and keeps the rest", async () => {
    const result = await purgeExpiredLogs(t.ctx, now, {
      // The other tenant keeps 30 days; the default one the default 180.
      retentionDays: async (_ctx, tenantId) => (tenantId === other ? 30 : 180),
      batchSize: 3,
    });
    expect(result.deleted).toMatchObject({ sysLogVis: 8, sysLogEx: 1, sysLogOp: 0, sysLogDiff: 0 });
    expect(await count(DEFAULT_TENANT_ID)).toBe(1);
    expect(await count(other)).toBe(1);
    const again = await purgeExpiredLogs(t.ctx, now);
    expect(again.deleted.sysLogVis).toBe(0);
  });

  it('keeps the operation log chain verifiable after its oldest rows went', async () => {
    const admin = (await t.login('admin')).accessToken;
    await t.call('POST', '/api/sysPos/add', admin, { name: 'r1', code: 'r1' });
    await t.ctx.audit.flush();
    await t.call('POST', '/api/sysPos/add', admin, { name: 'r2', code: 'r2' });
    await t.ctx.audit.flush();
    const rows = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx.selectFrom('sysLogOp').select('createTime').orderBy('seq').execute(),
    );
    // Purge as if a day after the first entry with a retention of one day: the first goes.
    const first = rows[0]!.createTime;
    const result = await purgeExpiredLogs(t.ctx, new Date(first.getTime() + 86_400_000 + 1), {
      retentionDays: async () => 1,
    });
    expect(result.deleted.sysLogOp).toBeGreaterThan(0);
    expect((await verifyChain(t.ctx, 'sysLogOp', DEFAULT_TENANT_ID)).intact).toBe(true);
  });

  it("reads each tenant's retention from the config item sys_log_retention_days, else the platform's", async () => {
    expect(await configuredRetention(t.ctx, DEFAULT_TENANT_ID)).toBe(180);
    await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx.updateTable('sysConfig').set({ value: '3' }).where('code', '=', 'sys_log_retention_days').execute(),
    );
    await forgetConfig(t.ctx, DEFAULT_TENANT_ID, ['sys_log_retention_days']);
    // The other tenant has no item of its own: the platform's value applies.
    expect(await configuredRetention(t.ctx, other)).toBe(3);
    await t.ctx.db.platform((trx) =>
      trx
        .insertInto('sysLogVis')
        .values([vis(DEFAULT_TENANT_ID, daysAgo(4)), vis(other, daysAgo(4)), vis(other, daysAgo(2))])
        .execute(),
    );
    const result = await purgeExpiredLogs(t.ctx, now);
    // Both tenants' entries of 4 days ago are older than 3 days; the one of 2 days ago stays.
    expect(result.deleted.sysLogVis).toBe(2);
  });

  it('reads a retention setting as whole days of at least 1, else 180', () => {
    expect(parseRetentionDays('30')).toBe(30);
    expect(parseRetentionDays(' 7 ')).toBe(7);
    for (const bad of [null, '', '0', '-5', '1.5', 'abc']) expect(parseRetentionDays(bad)).toBe(180);
  });
});
