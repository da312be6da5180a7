import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { AuditLog } from '../../platform/audit/audit-log.js';
import { verifyChain } from './chain-verify.service.js';

/** The hash chain of the operation and difference logs: verify, tampering, parallel writers. */
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  for (const code of ['c1', 'c2', 'c3']) await t.call('POST', '/api/sysPos/add', admin, { name: code, code });
  await t.ctx.audit.flush();
});
afterAll(async () => t?.close());

const verify = async (log: 'sysLogOp' | 'sysLogDiff', token = admin) => {
  const res = await t.call('POST', `/api/${log}/verify`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { intact: boolean; rows: number; brokenId?: string; brokenTime?: string };
};

const op = (n: number) => ({
  tenantId: DEFAULT_TENANT_ID,
  userId: null,
  account: `writer${n}`,
  realName: null,
  method: 'POST',
  url: `/api/test/${n}`,
  permission: null,
  ip: '127.0.0.1',
  userAgent: null,
  statusCode: 200,
  message: null,
  elapsedMs: n,
});

describe('verify', () => {
  it('reports both chains intact with their row counts, and refuses without the permission', async () => {
    const ops = await verify('sysLogOp');
    expect(ops).toMatchObject({ intact: true });
    expect(ops.rows).toBeGreaterThanOrEqual(3);
    const diffs = await verify('sysLogDiff');
    expect(diffs).toMatchObject({ intact: true, rows: 3 });
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysLogOp/verify', member)).statusCode).toBe(403);
  });

  it('names the row an owner changed behind the application’s back', async () => {
    const rows = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx.selectFrom('sysLogDiff').select(['id', 'createTime']).orderBy('seq').execute(),
    );
    const victim = rows[1]!;
    await t.ctx.db.owner((trx) =>
      sql`update sys_log_diff set changes = '[{"field":"name","before":null,"after":"forged"}]'::jsonb where id = ${victim.id}`.execute(
        trx,
      ),
    );
    const report = await verify('sysLogDiff');
    expect(report).toMatchObject({ intact: false, brokenId: victim.id, rows: 2 });
    expect(report.brokenTime).toBe(victim.createTime.toISOString());
  });

  it('names the row after one an owner deleted from the middle', async () => {
    const rows = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx.selectFrom('sysLogOp').select('id').orderBy('seq').execute(),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    await t.ctx.db.owner((trx) => sql`delete from sys_log_op where id = ${rows[1]!.id}`.execute(trx));
    expect(await verifyChain(t.ctx, 'sysLogOp', DEFAULT_TENANT_ID)).toMatchObject({
      intact: false,
      brokenId: rows[2]!.id,
      reason: 'previous hash does not match',
    });
    // Clearing the log starts over: the chain is checked from the oldest row still there.
    expect((await t.call('POST', '/api/sysLogOp/clear', admin)).statusCode).toBe(200);
    expect(await verify('sysLogOp')).toMatchObject({ intact: true });
  });
});

describe('clearing the difference log', () => {
  it('needs its own permission, and the chain goes on intact from the entry recording it', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysLogDiff/clear', member)).statusCode).toBe(403);
    const res = await t.call('POST', '/api/sysLogDiff/clear', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBeGreaterThan(0);
    const left = (await t.call('POST', '/api/sysLogDiff/page', admin, {})).json().result;
    await t.ctx.audit.flush();
    const after = (await t.call('POST', '/api/sysLogDiff/page', admin, {})).json().result;
    expect(left.total).toBe(0);
    expect(after.items).toMatchObject([{ tableName: 'sysLogDiff', operation: 'delete', account: 'admin' }]);
    expect(await verify('sysLogDiff')).toMatchObject({ intact: true, rows: 1 });
  });
});

describe('parallel writers', () => {
  it('never fork the chain: several writers flushing at once append one after another', async () => {
    const before = (await verifyChain(t.ctx, 'sysLogOp', DEFAULT_TENANT_ID)).rows;
    // Several writers on the same database, as several API processes have (on PostgreSQL each
    // flush is a transaction on its own pooled connection, serialised by the tenant's lock).
    const writers = Array.from({ length: 4 }, () => new AuditLog(t.ctx.db, t.ctx.log));
    writers.forEach((w, i) => {
      for (let n = 0; n < 25; n++) w.op(op(i * 100 + n));
    });
    await Promise.all(writers.map((w) => w.flush()));
    writers.forEach((w, i) => {
      for (let n = 25; n < 50; n++) w.op(op(i * 100 + n));
    });
    await Promise.all(writers.map((w) => w.flush()));
    const report = await verifyChain(t.ctx, 'sysLogOp', DEFAULT_TENANT_ID);
    expect(report).toMatchObject({ intact: true, rows: before + 200 });
    const forks = await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx
        .selectFrom('sysLogOp')
        .select(['prevHash', (eb) => eb.fn.countAll<string>().as('n')])
        .where('prevHash', 'is not', null)
        .groupBy('prevHash')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute(),
    );
    expect(forks).toEqual([]);
  });
});
