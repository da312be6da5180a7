import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Cache } from './cache.js';

const parse = <T>(raw: string | null): T | undefined => (raw === null ? undefined : (JSON.parse(raw) as T));

/** Redis-backed cache; every key carries the deployment prefix. */
export async function createRedisCache(url: string, prefix: string, log?: FastifyBaseLogger): Promise<Cache> {
  const redis = new Redis(url, { keyPrefix: prefix, lazyConnect: true, maxRetriesPerRequest: 2 });
  let firstError: Error | undefined;
  const onStartError = (error: Error) => (firstError ??= error);
  redis.on('error', onStartError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw firstError ?? error;
  }
  // After start-up ioredis reconnects by itself; a lost connection is logged, not fatal.
  redis.off('error', onStartError);
  redis.on('error', (error: Error) => log?.warn({ err: error }, 'Redis connection error'));
  return {
    kind: 'redis',
    redis,
    async get<T>(key: string) {
      return parse<T>(await redis.get(key));
    },
    async getMany<T extends unknown[]>(keys: string[]) {
      if (keys.length === 0) return [] as unknown as Partial<T>;
      const raws = await redis.mget(...keys);
      return raws.map((raw) => parse(raw)) as Partial<T>;
    },
    async set(key, value, ttlSeconds) {
      await redis.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
    },
    async setIfAbsent(key, value, ttlSeconds) {
      const result = await redis.set(
        key,
        JSON.stringify(value),
        'EX',
        Math.max(1, Math.ceil(ttlSeconds)),
        'NX',
      );
      return result === 'OK';
    },
    async take<T>(key: string) {
      return parse<T>(await redis.getdel(key));
    },
    async del(...keys) {
      if (keys.length) await redis.del(...keys);
    },
    async incr(key, ttlSeconds) {
      const [[, count] = [], [, ttl] = []] = (await redis.multi().incr(key).ttl(key).exec()) ?? [];
      if (ttl === -1) await redis.expire(key, Math.max(1, Math.ceil(ttlSeconds)));
      return Number(count);
    },
    async ttl(key) {
      const seconds = await redis.ttl(key);
      return seconds > 0 ? seconds : 0;
    },
    async close() {
      await redis.quit();
    },
  };
}
