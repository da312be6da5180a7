import { createRequire } from 'node:module';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Cache } from './cache.js';
import { RATE_LIMIT_KEY_PREFIX } from './redis-link.js';

type Incr = FastifyRateLimitStore['incr'];
type Callback = Parameters<Incr>[1];
interface RouteParams {
  continueExceeding?: boolean;
  exponentialBackoff?: boolean;
  cache?: number;
}
/** The stores as the plugin uses them (its types name Fastify's route options for `child`). */
interface Store {
  incr: Incr;
  child(params: RouteParams): Store;
}

// The plugin's own stores (its package exports no names for them): the Redis one's Lua script is
// the shared counter, the local one the per-process counter of @fastify/rate-limit without Redis.
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  redis: NonNullable<Cache['redis']>,
  key: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean | undefined,
  exponentialBackoff: boolean | undefined,
  cache?: number,
) => Store;

/**
 * Rate-limit counters in Redis, shared by every process; while Redis is unreachable each process
 * counts on its own (limits keep applying, per process: neither "no limit" nor "everything
 * refused"), and the shared counters resume when it is back.
 */
class FailoverStore implements Store {
  constructor(
    private readonly cache: Cache,
    private readonly shared: Store,
    private readonly local: Store,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    if (this.cache.degraded) return this.local.incr(key, callback, timeWindow, max);
    this.shared.incr(
      key,
      (error, result) => (error ? this.local.incr(key, callback, timeWindow, max) : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(params: RouteParams): Store {
    return new FailoverStore(this.cache, this.shared.child(params), this.local.child(params));
  }
}

/** The `store` option of @fastify/rate-limit for the cache (undefined: the plugin's memory store). */
export function rateLimitStore(cache: Cache): FastifyRateLimitStoreCtor | undefined {
  if (!cache.redis) return undefined;
  const redis = cache.redis;
  // The plugin builds its store with `new store(globalParams)` and nothing else: the class closes
  // over the cache, and its constructor hands back the failover store built from those parameters.
  return class {
    constructor(params: RouteParams) {
      const { continueExceeding, exponentialBackoff } = params;
      return new FailoverStore(
        cache,
        new RedisStore(continueExceeding, exponentialBackoff, redis, RATE_LIMIT_KEY_PREFIX),
        new LocalStore(continueExceeding, exponentialBackoff, params.cache),
      );
    }
  } as unknown as FastifyRateLimitStoreCtor;
}
