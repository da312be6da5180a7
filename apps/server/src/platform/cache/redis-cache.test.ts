import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privateRedisAvailable,
  startPrivateRedis,
  type PrivateRedis,
} from '../../../test/processes/private-redis.js';
import { waitUntil } from '../../../test/processes/server-process.js';
import type { Cache } from './cache.js';
import { rateLimitStore } from './rate-limit-store.js';
import { createRedisCache } from './redis-cache.js';

/**
 * The circuit of the Redis cache against a Redis of the test's own: what a request meets while
 * Redis is gone (answers at once, from the process), what is refused, and what the recovery drops.
 */
const PREFIX = 'circuit:';

describe.skipIf(!privateRedisAvailable('Redis circuit suite'))('the Redis cache when Redis goes away', () => {
  let server: PrivateRedis;
  let cache: Cache;
  let admin: Redis;
  let recoveries = 0;
  beforeAll(async () => {
    server = await startPrivateRedis();
    cache = await createRedisCache(server.url, PREFIX);
    cache.onRecovered(() => (recoveries += 1));
    admin = new Redis(server.url, { lazyConnect: true, retryStrategy: () => 100 });
    admin.on('error', () => undefined); // it reconnects after each kill of the server
  });
  afterAll(async () => {
    admin?.disconnect();
    await cache?.close();
    await server?.cleanup();
  });

  const timed = async <T>(work: () => Promise<T>) => {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  };
  const recovered = (count: number) =>
    waitUntil(() => recoveries >= count && !cache.degraded, 10_000, 'recovery');

  it('answers at once from the process while Redis is down, refuses what needs every process', async () => {
    await cache.set('setting', 'before', 600);
    await server.kill();
    await waitUntil(() => cache.degraded, 5_000, 'the circuit to open');

    const read = await timed(() => cache.get('setting'));
    expect(read.value).toBeUndefined(); // Redis's copy is out of reach; the database answers instead
    expect(read.ms).toBeLessThan(50);
    await cache.set('setting', 'during', 600);
    expect(await cache.get('setting')).toBe('during');
    expect(await cache.ttl('setting')).toBeLessThanOrEqual(60); // process memory keeps it a minute at most
    expect(await cache.incr('counter', 60)).toBe(1);
    expect(await cache.setIfAbsent('once', 1, 60)).toBe(true);
    expect(await cache.setIfAbsent('once', 1, 60)).toBe(false);
    // A replay nonce needs Redis: without it the request is refused (503), never let through.
    await expect(cache.setIfAbsent('openapi:nonce:k|n', 1, 600, { shared: true })).rejects.toMatchObject({
      statusCode: 503,
      key: 'cache.unavailable',
    });
    await expect(cache.keys('', 10)).rejects.toMatchObject({ statusCode: 503 });

    await server.start();
    await recovered(1);
    // The outage's memory is gone with it: Redis answers again (empty after its restart).
    expect(await cache.get('setting')).toBeUndefined();
    expect(await cache.setIfAbsent('openapi:nonce:k|n', 1, 600, { shared: true })).toBe(true);
  });

  it('drops what a lost connection may have left stale, and keeps nonces and rate-limit counters', async () => {
    const before = recoveries;
    await cache.set('user:stamp:1', 'old', 600);
    await cache.set('openapi:nonce:k|m', 1, 600);
    await cache.set('ratelimit:127.0.0.1', 3, 600);
    // Redis keeps its data but the cache's connection is cut: a deletion may have been lost meanwhile.
    await admin.connect();
    await admin.call('CLIENT', 'KILL', 'TYPE', 'normal', 'SKIPME', 'yes');
    await recovered(before + 1);
    expect(await cache.get('user:stamp:1')).toBeUndefined();
    expect(await cache.get('openapi:nonce:k|m')).toBe(1);
    expect(await cache.get('ratelimit:127.0.0.1')).toBe(3);
  });

  it('opens on a Redis that stops answering, after one command timeout, and recovers', async () => {
    const before = recoveries;
    await cache.set('user:stamp:2', 'old', 600);
    await admin.call('CLIENT', 'PAUSE', 2_500, 'ALL');
    const read = await timed(() => cache.get('user:stamp:2'));
    expect(read.value).toBeUndefined();
    expect(read.ms).toBeGreaterThan(1_500);
    expect(read.ms).toBeLessThan(2_400);
    expect(cache.degraded).toBe(true);
    expect((await timed(() => cache.get('user:stamp:2'))).ms).toBeLessThan(50); // later calls skip it
    await recovered(before + 1);
    expect(await cache.get('user:stamp:2')).toBeUndefined();
  });

  it('counts rate limits per process while Redis is down and in Redis again after', async () => {
    const Store = rateLimitStore(cache)!;
    const store = new Store({});
    const incr = (key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!.current)), 60_000, 5),
      );
    expect(await incr('10.0.0.1')).toBe(1);
    expect(await admin.get(`${PREFIX}ratelimit:10.0.0.1`)).toBe('1');
    const before = recoveries;
    await server.kill();
    await waitUntil(() => cache.degraded, 5_000, 'the circuit to open');
    // Still limited, by this process alone: a fresh count, not "no limit" and not an error.
    expect(await incr('10.0.0.1')).toBe(1);
    expect(await incr('10.0.0.1')).toBe(2);
    await server.start();
    await recovered(before + 1);
    expect(await incr('10.0.0.1')).toBe(1); // the restarted Redis counts anew
  });
});
