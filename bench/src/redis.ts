import { randomUUID } from 'node:crypto';
import { createRedisCache } from '@lintel/server/src/platform/cache/redis-cache.js';
import type { Cache } from '@lintel/server/src/platform/cache/index.js';

/** A key prefix of one bench run's own (for this process's cache, or a server's REDIS_PREFIX). */
export const benchRedisPrefix = () => `lintel-bench:${randomUUID()}:`;

/** The Redis cache of one bench run, under its own key prefix; `removeKeys()` deletes its keys. */
export async function createBenchRedisCache(
  url: string,
): Promise<{ cache: Cache; removeKeys(): Promise<void> }> {
  const prefix = benchRedisPrefix();
  const cache = await createRedisCache(url, prefix);
  return { cache, removeKeys: () => removeKeysOf(cache, prefix) };
}

/** Deletes the keys a bench server process left in the Redis at `url` under `prefix`. */
export async function removeRedisKeys(url: string, prefix: string): Promise<void> {
  const cache = await createRedisCache(url, prefix);
  try {
    await removeKeysOf(cache, prefix);
  } finally {
    await cache.close();
  }
}

async function removeKeysOf(cache: Cache, prefix: string): Promise<void> {
  // The cache's client prefixes every key it is given: scan and delete with one that does not.
  // It inherits lazyConnect and no offline queue: connect before the first command.
  const plain = cache.redis!.duplicate({ keyPrefix: '' });
  try {
    await plain.connect();
    let cursor = '0';
    do {
      const [next, keys] = await plain.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
      if (keys.length) await plain.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    plain.disconnect();
  }
}
