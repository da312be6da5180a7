import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { cacheUnavailable, type Cache } from './cache.js';
import { createMemoryCache } from './memory-cache.js';
import { RedisLink, scanKeys } from './redis-link.js';

const parse = <T>(raw: string | null): T | undefined => (raw === null ? undefined : (JSON.parse(raw) as T));

/**
 * A healthy Redis answers in well under a millisecond; one that has not answered in this time is
 * treated as gone (a host that drops packets closes no connection). Generous enough that a stalled
 * event loop on a busy machine does not open the circuit by itself.
 */
const COMMAND_TIMEOUT_MS = 2_000;
/** Reconnect attempts: soon after a loss, then every second, forever. */
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 1_000);
/**
 * While Redis is unreachable values live in the process, each for at most this long: a cached
 * setting another process changed meanwhile is stale for no longer than this, and a one-time value
 * (captcha, SMS code) lasts long enough to be typed.
 */
const OUTAGE_TTL_SECONDS = 60;
const outageTtl = (seconds: number) => Math.min(seconds, OUTAGE_TTL_SECONDS);

/**
 * Redis-backed cache; every key carries the deployment prefix. While Redis is unreachable (see
 * RedisLink) no request waits for it: each call answers at once from a memory cache of the process
 * (`degraded`), and the callers that must not trust one process's memory (sessions, replay nonces)
 * go to the database or refuse. When Redis is back that memory is dropped.
 */
export async function createRedisCache(url: string, prefix: string, log?: FastifyBaseLogger): Promise<Cache> {
  const redis = new Redis(url, {
    keyPrefix: prefix,
    lazyConnect: true,
    // Fail fast: a command while disconnected is refused at once instead of queued, and one in
    // flight when the connection drops fails then, instead of waiting for reconnects.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    retryStrategy,
  });
  let firstError: Error | undefined;
  const onStartError = (error: Error) => (firstError ??= error);
  redis.on('error', onStartError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw firstError ?? error;
  }
  // After start-up a lost connection is logged (once, by the link), not fatal.
  redis.off('error', onStartError);
  redis.on('error', (error: Error) => log?.debug({ err: error }, 'Redis connection error'));
  const link = new RedisLink(redis, prefix, log);
  let local = createMemoryCache();
  link.onRecovered(() => {
    void local.close();
    local = createMemoryCache();
  });

  /** Redis while the link is up; on any failure the link opens and this call answers locally. */
  async function either<T>(remote: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    if (!link.available) return fallback();
    try {
      return await remote();
    } catch (error) {
      link.failed(error);
      return fallback();
    }
  }

  /** Redis or nothing: what only Redis can answer is refused (503) while it is unreachable. */
  async function strict<T>(remote: () => Promise<T>): Promise<T> {
    if (!link.available) throw cacheUnavailable();
    try {
      return await remote();
    } catch (error) {
      link.failed(error);
      throw cacheUnavailable();
    }
  }

  return {
    kind: 'redis',
    redis,
    get degraded() {
      return !link.available;
    },
    onRecovered: (listener) => link.onRecovered(listener),
    get<T>(key: string) {
      return either(
        async () => parse<T>(await redis.get(key)),
        () => local.get<T>(key),
      );
    },
    getMany<T extends unknown[]>(keys: string[]) {
      if (keys.length === 0) return Promise.resolve([] as unknown as Partial<T>);
      return either(
        async () => (await redis.mget(...keys)).map((raw) => parse(raw)) as Partial<T>,
        () => local.getMany<T>(keys),
      );
    },
    set(key, value, ttlSeconds) {
      return either(
        async () => {
          await redis.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
        },
        () => local.set(key, value, outageTtl(ttlSeconds)),
      );
    },
    async setIfAbsent(key, value, ttlSeconds, options) {
      const remote = async () =>
        (await redis.set(key, JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) ===
        'OK';
      // Only Redis can say whether another process has seen the value.
      if (options?.shared) return strict(remote);
      return either(remote, () => local.setIfAbsent(key, value, outageTtl(ttlSeconds)));
    },
    take<T>(key: string) {
      return either(
        async () => parse<T>(await redis.getdel(key)),
        () => local.take<T>(key),
      );
    },
    async del(...keys) {
      if (keys.length === 0) return;
      // The local copy goes too: a value written during an outage must not outlive its deletion.
      await local.del(...keys);
      await either(
        async () => void (await redis.del(...keys)),
        async () => undefined,
      );
    },
    incr(key, ttlSeconds) {
      return either(
        async () => {
          const [[, count] = [], [, ttl] = []] = (await redis.multi().incr(key).ttl(key).exec()) ?? [];
          if (ttl === -1) await redis.expire(key, Math.max(1, Math.ceil(ttlSeconds)));
          return Number(count);
        },
        () => local.incr(key, outageTtl(ttlSeconds)),
      );
    },
    ttl(key) {
      return either(
        async () => Math.max(0, await redis.ttl(key)),
        () => local.ttl(key),
      );
    },
    // The cache page of the admin tools shows Redis itself: not this process's memory of an outage.
    keys(match, limit) {
      return strict(() => scanKeys(redis, prefix, match, limit));
    },
    peek(key) {
      return strict(async () => {
        const [[, type] = [], [, ttl] = []] = (await redis.multi().type(key).pttl(key).exec()) ?? [];
        if (type === 'none') return undefined;
        // Keys written by others under the prefix (rate limits) may hold another type than a string.
        const text = type === 'string' ? ((await redis.get(key)) ?? '') : `(${String(type)})`;
        const ms = Number(ttl);
        return { text, ttl: ms >= 0 ? Math.ceil(ms / 1000) : null };
      });
    },
    async close() {
      link.stop();
      await local.close();
      // quit() waits for a connection that may never come back: end it at once when Redis is away.
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}
