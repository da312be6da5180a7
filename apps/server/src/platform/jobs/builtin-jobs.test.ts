import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { SERVER_STALE_MS } from '../realtime/online-store.js';
import { cleanupExpiredTokens } from './builtin-jobs.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const tenantId = SEED_IDS.tenant;
const connection = (connectionId: string, serverId: string) => ({
  connectionId,
  tenantId,
  homeTenantId: tenantId,
  userId: SEED_IDS.admin,
  tokenFamily: '1',
  account: 'admin',
  realName: null,
  ip: null,
  browser: null,
  os: null,
  serverId,
});

const connectionIds = () =>
  t.ctx.db.platform(async (trx) =>
    (await trx.selectFrom('sysOnlineUser').select('connectionId').orderBy('connectionId').execute()).map(
      (r) => r.connectionId,
    ),
  );

describe('built-in jobs', () => {
  it('online-user cleanup deletes the connections of processes that stopped heartbeating', async () => {
    const store = t.ctx.realtime.store;
    await store.add(connection('c-live', 'host-a:5005'));
    await store.add(connection('c-dead', 'host-b:5005'));
    await store.add(connection('c-never', 'host-c:5005'));
    await store.heartbeat('host-a:5005');
    await store.heartbeat('host-b:5005');
    // host-b's last heartbeat is old: it was killed without closing its connections.
    await t.ctx.db.platform((trx) =>
      sql`update sys_online_server set heartbeat_at = now() - interval '10 minutes' where server_id = 'host-b:5005'`.execute(
        trx,
      ),
    );
    expect(await store.removeDeadServers()).toBe(2);
    expect(await connectionIds()).toEqual(['c-live']);
    // Once host-a stops heartbeating too, its rows go.
    expect(await store.removeDeadServers(new Date(Date.now() + SERVER_STALE_MS + 1000))).toBe(1);
    expect(await connectionIds()).toEqual([]);
  });

  it('runs the online-user cleanup as a job', async () => {
    await t.ctx.realtime.store.add(connection('c-orphan', 'gone:1'));
    await t.app.jobs.seed();
    await t.app.jobs.runNow('job_online_cleanup');
    await t.app.jobs.idle();
    expect(await connectionIds()).toEqual([]);
    const record = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysJobTriggerRecord')
        .selectAll()
        .where('jobId', '=', 'job_online_cleanup')
        .executeTakeFirstOrThrow(),
    );
    expect(record).toMatchObject({
      status: 'succeeded',
      result: 'deleted 1 connections of stopped processes',
    });
    expect(record.elapsed).toBeGreaterThanOrEqual(0);
  });

  it('expired-token cleanup deletes token families expired for over a day, and keeps live ones', async () => {
    const family = (id: string, expiresAt: Date) => ({ id, tenantId, userId: SEED_IDS.admin, expiresAt });
    const day = 86_400_000;
    await t.ctx.db.platform((trx) =>
      trx
        .insertInto('sysTokenFamily')
        .values([
          family('9000000000001', new Date(Date.now() - 3 * day)),
          family('9000000000002', new Date(Date.now() - 1000)),
          family('9000000000003', new Date(Date.now() + day)),
        ])
        .execute(),
    );
    expect(await cleanupExpiredTokens(t.ctx)).toBeGreaterThanOrEqual(1);
    const left = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysTokenFamily')
        .select('id')
        .where('id', 'in', ['9000000000001', '9000000000002', '9000000000003'])
        .orderBy('id')
        .execute(),
    );
    expect(left.map((r) => r.id)).toEqual(['9000000000002', '9000000000003']);
  });

  it('log retention runs as a job', async () => {
    await t.app.jobs.runNow('job_log_retention');
    await t.app.jobs.idle();
    const record = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysJobTriggerRecord')
        .selectAll()
        .where('jobId', '=', 'job_log_retention')
        .executeTakeFirstOrThrow(),
    );
    expect(record.status, record.error ?? '').toBe('succeeded');
    expect(record.result).toMatch(/^deleted \{/);
  });
});
