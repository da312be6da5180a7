import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import type { EngineOptions } from './job-engine.js';

/**
 * The engine on the test database: PGlite runs fires in process; on PostgreSQL the same behaviour
 * goes through the pg-boss queue.
 */
let t: TestApp;
let token: string;
const calls = new Map<string, number>();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const engineOptions = (app: TestApp): EngineOptions => ({
  tickMs: 100,
  ...(app.target.kind === 'postgres' ? { postgresUrl: app.target.url } : {}),
});

async function waitFor<T>(probe: () => Promise<T>, done: (value: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (done(value) || Date.now() > until) return value;
    await sleep(100);
  }
}

async function post(path: string, body: unknown) {
  const response = await t.call('POST', `/api/sysJob/${path}`, token, body);
  expect(response.json().code, `${path}: ${response.json().message}`).toBe(200);
  return response.json().result;
}

async function records(jobId: string) {
  const page = await post('pageJobTriggerRecord', { jobId, pageSize: 500 });
  return page.items as {
    status: string;
    triggerId: string | null;
    attempt: number;
    elapsed: number | null;
    error: string | null;
    fireTime: string | null;
  }[];
}

async function addJob(jobId: string, jobType: string, concurrent = true) {
  await post('addJobDetail', { jobId, jobType, concurrent, groupName: 'test' });
}

beforeAll(async () => {
  t = await createTestApp();
  t.app.jobs.handlers.register(
    'test.count',
    async ({ job }) => {
      calls.set(job.jobId, (calls.get(job.jobId) ?? 0) + 1);
      return `call ${calls.get(job.jobId)}`;
    },
    false,
  );
  t.app.jobs.handlers.register(
    'test.slow',
    async () => {
      await sleep(1600);
      return 'slow done';
    },
    false,
  );
  t.app.jobs.handlers.register(
    'test.throw',
    async () => {
      throw new Error('the disk is full');
    },
    false,
  );
  t.app.jobs.handlers.register(
    'test.flaky',
    async ({ job }) => {
      const n = (calls.get(job.jobId) ?? 0) + 1;
      calls.set(job.jobId, n);
      if (n === 1) throw new Error('first attempt fails');
      return 'second attempt';
    },
    false,
  );
  await t.app.jobs.start(engineOptions(t));
  token = (await t.login('superAdmin')).accessToken;
});
afterAll(() => t?.close());

describe('job engine', () => {
  it('fires an interval trigger, records each run with its duration, and stops when paused', async () => {
    await addJob('every_second', 'test.count');
    await post('addJobTrigger', {
      jobId: 'every_second',
      triggerId: 'every_second_t',
      kind: 'interval',
      intervalMs: 1000,
    });
    const fired = await waitFor(
      () => records('every_second'),
      (rows) => rows.filter((r) => r.status === 'succeeded').length >= 2,
    );
    const done = fired.filter((r) => r.status === 'succeeded');
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done[0]!.triggerId).toBe('every_second_t');
    expect(done[0]!.elapsed).toBeGreaterThanOrEqual(0);
    expect(done[0]!.fireTime).toMatch(/^\d{4}-/);

    await post('pauseJob', { jobId: 'every_second' });
    const [trigger] = (await t.call('GET', '/api/sysJob/jobTriggerList?jobId=every_second', token)).json()
      .result;
    expect(trigger.status).toBe('paused');
    await sleep(400); // a fire claimed just before the pause may still be finishing
    const before = (await records('every_second')).length;
    await sleep(2500);
    expect((await records('every_second')).length).toBe(before);
    expect(trigger.numberOfRuns).toBeGreaterThanOrEqual(2);

    // Started again, it fires again.
    await post('startJob', { jobId: 'every_second' });
    const again = await waitFor(
      () => records('every_second'),
      (rows) => rows.length > before,
    );
    expect(again.length).toBeGreaterThan(before);
    await post('pauseJob', { jobId: 'every_second' });
  });

  it('fires a cron trigger with seconds on its schedule, run after run', async () => {
    await addJob('every_second_cron', 'test.count');
    await post('addJobTrigger', {
      jobId: 'every_second_cron',
      triggerId: 'every_second_cron_t',
      kind: 'cron',
      expression: '*/1 * * * * *',
    });
    // Due once a second: two runs take about two seconds; the bound is generous for a loaded CI.
    const fired = await waitFor(
      () => records('every_second_cron'),
      (rows) => rows.filter((r) => r.status === 'succeeded').length >= 2,
    );
    await post('pauseJob', { jobId: 'every_second_cron' });
    const done = fired.filter((r) => r.status === 'succeeded');
    expect(done.length).toBeGreaterThanOrEqual(2);
    expect(done.every((r) => r.triggerId === 'every_second_cron_t')).toBe(true);
    // Each run is its own fire, at a whole second as the expression says.
    const times = done.map((r) => Date.parse(r.fireTime!));
    expect(new Set(times).size).toBe(times.length);
    expect(times.every((ms) => ms % 1000 === 0)).toBe(true);
  });

  it('runs a job now, outside its triggers', async () => {
    await addJob('by_hand', 'test.count');
    await post('runJob', { jobId: 'by_hand' });
    const rows = await waitFor(
      () => records('by_hand'),
      (r) => r.some((x) => x.status === 'succeeded'),
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'succeeded', triggerId: null, attempt: 1 });
  });

  it('skips a fire of a non-concurrent job while its previous run still runs', async () => {
    await addJob('one_at_a_time', 'test.slow', false);
    await post('addJobTrigger', {
      jobId: 'one_at_a_time',
      triggerId: 'one_at_a_time_t',
      kind: 'interval',
      intervalMs: 1000,
    });
    const rows = await waitFor(
      () => records('one_at_a_time'),
      (r) => r.some((x) => x.status === 'skipped') && r.some((x) => x.status === 'succeeded'),
    );
    await post('pauseJob', { jobId: 'one_at_a_time' });
    expect(rows.some((r) => r.status === 'skipped')).toBe(true);
    expect(rows.some((r) => r.status === 'succeeded')).toBe(true);
    // Never two at once: no two succeeded runs overlap.
    expect(rows.filter((r) => r.status === 'running').length).toBeLessThanOrEqual(1);
  });

  it('lets a concurrent job run while its previous run still runs', async () => {
    await addJob('many_at_once', 'test.slow', true);
    await post('runJob', { jobId: 'many_at_once' });
    await post('runJob', { jobId: 'many_at_once' });
    const rows = await waitFor(
      () => records('many_at_once'),
      (r) => r.filter((x) => x.status === 'succeeded').length === 2,
    );
    expect(rows.map((r) => r.status)).toEqual(['succeeded', 'succeeded']);
  });

  it('records a failed run with its error and counts it on the trigger', async () => {
    await addJob('always_fails', 'test.throw');
    await post('addJobTrigger', {
      jobId: 'always_fails',
      triggerId: 'always_fails_t',
      kind: 'interval',
      intervalMs: 1000,
      maxNumberOfErrors: 1,
    });
    const rows = await waitFor(
      () => records('always_fails'),
      (r) => r.some((x) => x.status === 'failed'),
    );
    expect(rows[0]).toMatchObject({ status: 'failed', error: 'the disk is full' });
    // Its error limit reached, the trigger stops (overrun).
    const [trigger] = (await t.call('GET', '/api/sysJob/jobTriggerList?jobId=always_fails', token)).json()
      .result;
    expect(trigger).toMatchObject({ status: 'overrun', numberOfErrors: 1 });
    const dashboard = (await t.call('GET', '/api/sysJob/dashboard', token)).json().result;
    expect(dashboard.failures.some((f: { jobId: string }) => f.jobId === 'always_fails')).toBe(true);
    expect(dashboard.nodes.some((n: { status: string }) => n.status === 'working')).toBe(true);
  });

  it('retries a failed run and then succeeds', async () => {
    await addJob('flaky', 'test.flaky');
    await post('addJobTrigger', {
      jobId: 'flaky',
      triggerId: 'flaky_t',
      kind: 'once',
      runAt: new Date(Date.now() + 300).toISOString(),
      numRetries: 2,
      retryTimeout: 0,
    });
    const rows = await waitFor(
      () => records('flaky'),
      (r) => r.some((x) => x.status === 'succeeded'),
    );
    const ordered = [...rows].sort((a, b) => a.attempt - b.attempt);
    expect(ordered.map((r) => [r.attempt, r.status])).toEqual([
      [1, 'failed'],
      [2, 'succeeded'],
    ]);
    expect(ordered[0]!.fireTime).toBe(ordered[1]!.fireTime);
    // A one-off trigger is done after its fire.
    const [trigger] = (await t.call('GET', '/api/sysJob/jobTriggerList?jobId=flaky', token)).json().result;
    expect(trigger).toMatchObject({ status: 'archived', numberOfRuns: 1, nextRunTime: null });
  });
});
