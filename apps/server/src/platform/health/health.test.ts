import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

describe('health probes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('answers live and ready without a session, naming each part', async () => {
    const live = await t.call('GET', '/health/live');
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'live' });
    const ready = await t.call('GET', '/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ready',
      database: 'up',
      redis: t.ctx.cache.redis ? 'up' : 'none',
    });
  });

  it('serves no metrics unless METRICS is on', async () => {
    expect((await t.call('GET', '/metrics')).statusCode).toBe(404);
  });

  it('says unavailable (503) when the database no longer answers', async () => {
    const broken = await createTestApp();
    try {
      await broken.ctx.db.close();
      const ready = await broken.call('GET', '/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'down' });
      expect((await broken.call('GET', '/health/live')).statusCode).toBe(200);
    } finally {
      await broken.close().catch(() => undefined);
    }
  });
});

describe('metrics (METRICS=on)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ METRICS: 'on', METRICS_TOKEN: 'scrape-secret' });
  });
  afterAll(() => t?.close());

  it('needs the token, then reports requests by route pattern, the event loop and job runs', async () => {
    expect((await t.call('GET', '/metrics')).statusCode).toBe(401);
    expect(
      (await t.call('GET', '/metrics', undefined, undefined, { authorization: 'Bearer wrong' })).statusCode,
    ).toBe(401);

    await t.call('GET', '/health/live');
    await t.call('GET', '/api/sysTenant/sysInfo/1300000000001');
    await t.app.jobs.seed();
    await t.app.jobs.runNow('job_online_cleanup');
    await t.app.jobs.idle();

    const res = await t.call('GET', '/metrics', undefined, undefined, {
      authorization: 'Bearer scrape-secret',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const text = res.body;
    expect(text).toContain(
      'lintel_http_request_duration_seconds_count{method="GET",route="/health/live",status="200"} 1',
    );
    // The route's pattern, not the address asked for: labels stay few.
    expect(text).toContain('route="/api/sysTenant/sysInfo/:tenantId"');
    expect(text).not.toContain('1300000000001');
    expect(text).toMatch(/lintel_job_runs_total\{job_type="onlineUserCleanup",outcome="succeeded"\} 1/);
    expect(text).toMatch(/^lintel_nodejs_eventloop_lag_seconds \d/m);
    if (t.ctx.db.poolStats) expect(text).toMatch(/lintel_db_pool_connections\{state="total"\} \d+/);
    else expect(text).not.toMatch(/lintel_db_pool_connections\{/);
  });
});
