import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Cache } from './cache.js';

const parse = <T>(raw: string | null): T | undefined => (raw === null ? undefined : (JSON.parse(raw) as T));

/** A literal for a SCAN pattern: glob characters matched as themselves. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

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
    async keys(match, limit) {
      // SCAN, never KEYS: it walks the keyspace in steps without blocking Redis. ioredis adds its
      // keyPrefix to commands but not to SCAN's pattern or answers, so both are done here.
      const pattern = `${escapeGlob(prefix)}${escapeGlob(match)}*`;
      const found = new Set<string>();
      let cursor = '0';
      do {
        const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
        cursor = next;
        for (const key of batch) {
          if (found.size === limit) return { keys: [...found], truncated: true };
          found.add(key.slice(prefix.length));
        }
      } while (cursor !== '0');
      return { keys: [...found], truncated: false };
    },
    async peek(key) {
      const [[, type] = [], [, ttl] = []] = (await redis.multi().type(key).pttl(key).exec()) ?? [];
      if (type === 'none') return undefined;
      // Keys written by others under the prefix (rate limits) may hold another type than a string.
      const text = type === 'string' ? ((await redis.get(key)) ?? '') : `(${String(type)})`;
      const ms = Number(ttl);
      return { text, ttl: ms >= 0 ? Math.ceil(ms / 1000) : null };
    },
    async close() {
      await redis.quit();
    },
  };
}
