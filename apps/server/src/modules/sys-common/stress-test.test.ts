import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { ownGetRoute, percentile } from './stress-test.service.js';

let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

const run = (body: unknown, token = superAdmin) =>
  t.call('POST', '/api/sysCommon/stressTest', token, body, { 'accept-language': 'en' });

/** The events of a finished text/event-stream body. */
const events = (text: string) =>
  text
    .split('\n\n')
    .filter(Boolean)
    .map((frame) => ({
      event: /^event: (.+)$/m.exec(frame)?.[1],
      data: JSON.parse(/^data: (.+)$/m.exec(frame)?.[1] ?? 'null'),
    }));

describe('POST /api/sysCommon/stressTest', () => {
  it('is for the super admin only', async () => {
    const { accessToken } = await t.login('admin');
    expect(
      (await run({ path: '/api/sysAuth/userInfo', duration: 1, connections: 1 }, accessToken)).statusCode,
    ).toBe(403);
  });

  it('bounds duration and connections, and takes only a path of the server’s own GET routes', async () => {
    const path = '/api/sysAuth/userInfo';
    expect((await run({ path, duration: 31, connections: 1 })).statusCode).toBe(400);
    expect((await run({ path, duration: 1, connections: 51 })).statusCode).toBe(400);
    expect(
      (await run({ path: 'http://example.com/api/sysAuth/userInfo', duration: 1, connections: 1 }))
        .statusCode,
    ).toBe(400);
    for (const bad of ['/api/nothing/here', '/api/sysOpenAccess/page', '/api//sysAuth/userInfo']) {
      const res = await run({ path: bad, duration: 1, connections: 1 });
      expect(res.statusCode, bad).toBe(400);
    }
    // Not listening (inject): it cannot load itself.
    expect((await run({ path, duration: 1, connections: 1 })).json().message).toMatch(/listen/i);
  });

  it('takes nearest-rank percentiles of one second’s latencies', () => {
    const sorted = Array.from({ length: 200 }, (_, i) => (i + 1) / 2);
    expect([0.5, 0.9, 0.99].map((rank) => percentile(sorted, rank))).toEqual([50, 90, 99]);
    expect(percentile([7.123], 0.99)).toBe(7.12);
    expect(percentile([], 0.5)).toBe(0);
  });

  it('matches route parameters and ignores the query', () => {
    const table = [{ method: 'GET', url: '/api/sysFile/:id/view', permission: 'user' as const, schema: {} }];
    expect(ownGetRoute(table, '/api/sysFile/123/view?x=1')).toBeTruthy();
    expect(ownGetRoute(table, '/api/sysFile/123/other')).toBeUndefined();
  });

  it('runs against the listening server with the caller’s token, one run at a time, and streams progress and the result', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const post = (body: unknown) =>
      fetch(`http://127.0.0.1:${port}/api/sysCommon/stressTest`, {
        method: 'POST',
        headers: { authorization: `Bearer ${superAdmin}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const first = await post({ path: '/api/sysAuth/userInfo', duration: 1, connections: 2 });
    expect(first.headers.get('content-type')).toMatch(/text\/event-stream/);
    const second = await post({ path: '/api/sysAuth/userInfo', duration: 1, connections: 1 });
    expect(second.status).toBe(409);
    const stream = events(await first.text());
    const progress = stream.filter((e) => e.event === 'progress').map((e) => e.data);
    expect(progress.length).toBeGreaterThan(0);
    // Each second carries its own latency percentiles, ordered, and none above the slowest answer.
    for (const second of progress) {
      for (const key of ['p50', 'p90', 'p99']) expect(typeof second[key], key).toBe('number');
      expect(second.p50).toBeLessThanOrEqual(second.p90);
      expect(second.p90).toBeLessThanOrEqual(second.p99);
      if (second.requests > 0) expect(second.p50).toBeGreaterThan(0);
    }
    const result = stream.at(-1)!;
    expect(result.event).toBe('done');
    expect(result.data.requests).toBeGreaterThan(0);
    expect(result.data.statusCodes['200']).toBe(result.data.requests);
    expect(result.data.errors).toBe(0);
    for (const key of ['p50', 'p90', 'p99', 'max'])
      expect(result.data.latency[key]).toBeGreaterThanOrEqual(0);
    for (const second of progress) expect(second.p99).toBeLessThanOrEqual(result.data.latency.max);
  });
});
