import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * Two API processes on one PostgreSQL database, each with its engine: every fire of a due trigger
 * runs exactly once, through pg-boss, and a failed run is retried by whichever process takes it.
 */
const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(onPostgres)('job engine on a cluster', () => {
  let a: TestApp;
  let b: TestApp;
  let token: string;
  const runs: string[] = [];
  const flaky = new Map<string, number>();

  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a);
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      app.app.jobs.handlers.register(
        'test.where',
        async ({ job }) => {
          runs.push(`${job.jobId}@${name}`);
          return name;
        },
        false,
      );
      app.app.jobs.handlers.register(
        'test.flakyOnce',
        async ({ job }) => {
          const n = (flaky.get(job.jobId) ?? 0) + 1;
          flaky.set(job.jobId, n);
          if (n === 1) throw new Error(`attempt ${n} fails on ${name}`);
          return `attempt ${n} on ${name}`;
        },
        false,
      );
    }
    const url = a.target.kind === 'postgres' ? a.target.url : '';
    await Promise.all([
      a.app.jobs.start({ postgresUrl: url, tickMs: 50 }),
      b.app.jobs.start({ postgresUrl: url, tickMs: 50 }),
    ]);
    token = (await a.login('superAdmin')).accessToken;
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const post = async (path: string, body: unknown) => {
    const response = await a.call('POST', `/api/sysJob/${path}`, token, body);
    expect(response.json().code, response.json().message).toBe(200);
    return response.json().result;
  };

  it('runs each fire of a due trigger exactly once across two schedulers', async () => {
    await post('addJobDetail', { jobId: 'cluster_job', jobType: 'test.where' });
    await post('addJobTrigger', {
      jobId: 'cluster_job',
      triggerId: 'cluster_t',
      kind: 'interval',
      intervalMs: 1000,
    });
    await sleep(5500);
    await post('pauseJob', { jobId: 'cluster_job' });
    await sleep(1500);
    const records = (await post('pageJobTriggerRecord', { jobId: 'cluster_job', pageSize: 100 })).items as {
      fireTime: string;
      status: string;
      node: string;
    }[];
    const fires = records.map((r) => r.fireTime);
    expect(fires.length).toBeGreaterThanOrEqual(4);
    expect(new Set(fires).size).toBe(fires.length);
    expect(records.every((r) => r.status === 'succeeded')).toBe(true);
    expect(runs.filter((r) => r.startsWith('cluster_job@')).length).toBe(fires.length);
    const [trigger] = (await a.call('GET', '/api/sysJob/jobTriggerList?jobId=cluster_job', token)).json()
      .result;
    expect(trigger.numberOfRuns).toBe(fires.length);
    // Both processes are nodes of the cluster, heartbeating.
    const nodes = (await a.call('GET', '/api/sysJob/jobClusterList', token)).json().result;
    expect(
      nodes.filter((n: { status: string; queue: string }) => n.status === 'working' && n.queue === 'pg-boss'),
    ).toHaveLength(2);
  });

  it('retries a run that throws, then it succeeds', async () => {
    await post('addJobDetail', { jobId: 'cluster_flaky', jobType: 'test.flakyOnce' });
    await post('addJobTrigger', {
      jobId: 'cluster_flaky',
      triggerId: 'cluster_flaky_t',
      kind: 'once',
      runAt: new Date(Date.now() + 500).toISOString(),
      numRetries: 2,
      retryTimeout: 1000,
    });
    let records: { attempt: number; status: string; error: string | null; fireTime: string }[] = [];
    for (let i = 0; i < 100 && !records.some((r) => r.status === 'succeeded'); i++) {
      await sleep(200);
      records = (await post('pageJobTriggerRecord', { jobId: 'cluster_flaky' })).items;
    }
    const ordered = [...records].sort((x, y) => x.attempt - y.attempt);
    expect(ordered.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(ordered[0]!.error).toMatch(/^attempt 1 fails/);
    expect(ordered[0]!.fireTime).toBe(ordered[1]!.fireTime);
  });

  it('cancels a run on whichever process holds it, asked on the other', async () => {
    const started: string[] = [];
    for (const [name, app] of [
      ['a', a],
      ['b', b],
    ] as const) {
      app.app.jobs.handlers.register(
        'test.untilCancelled',
        ({ signal }) =>
          new Promise<string>((resolve) => {
            started.push(name);
            signal.addEventListener('abort', () => resolve('stopped'), { once: true });
          }),
        false,
      );
    }
    await post('addJobDetail', { jobId: 'cluster_cancel', jobType: 'test.untilCancelled' });
    await post('runJob', { jobId: 'cluster_cancel' });
    for (let i = 0; i < 100 && started.length === 0; i++) await sleep(100);
    expect(started).toHaveLength(1);
    const other = started[0] === 'a' ? b : a;
    const otherToken = (await other.login('superAdmin')).accessToken;
    const cancel = await other.call('POST', '/api/sysJob/cancelJob', otherToken, { jobId: 'cluster_cancel' });
    expect(cancel.json().code, cancel.body).toBe(200);
    let records: { status: string; error: string | null }[] = [];
    for (let i = 0; i < 100 && !records.some((r) => r.status !== 'running'); i++) {
      await sleep(100);
      records = (await post('pageJobTriggerRecord', { jobId: 'cluster_cancel' })).items;
    }
    expect(records[0]).toMatchObject({ status: 'failed', error: 'cancelled' });
  });

  it('keeps pg-boss out of the app role\u2019s reach: its schema belongs to the owner login', async () => {
    const { rows } = await a.ctx.db.owner((trx) =>
      sql<{
        usage: boolean;
        jobs: string;
      }>`select has_schema_privilege('lintel_app', 'pgboss', 'USAGE') as usage,
        (select count(*) from pgboss.job where name = 'lintel-jobs')::text as jobs`.execute(trx),
    );
    expect(rows[0]!.usage).toBe(false);
    // The fires above went through the queue.
    expect(Number(rows[0]!.jobs)).toBeGreaterThan(0);
  });
});
