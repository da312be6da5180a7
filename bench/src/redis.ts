import { randomUUID } from 'node:crypto';
import { createRedisCache } from '@lintel/server/src/platform/cache/redis-cache.js';
import type { Cache } from '@lintel/server/src/platform/cache/index.js';

/** The Redis cache of one bench run, under its own key prefix; `removeKeys()` deletes its keys. */
export async function createBenchRedisCache(
  url: string,
): Promise<{ cache: Cache; removeKeys(): Promise<void> }> {
  const prefix = `lintel-bench:${randomUUID()}:`;
  const cache = await createRedisCache(url, prefix);
  return {
    cache,
    async removeKeys() {
      // The cache's client prefixes every key it is given: scan and delete with one that does not.
      const plain = cache.redis!.duplicate({ keyPrefix: '' });
      try {
        let cursor = '0';
        do {
          const [next, keys] = await plain.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
          if (keys.length) await plain.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      } finally {
        await plain.quit();
      }
    },
  };
}
