import type { FastifyBaseLogger } from 'fastify';
import type { Cache } from './cache.js';
import { createMemoryCache } from './memory-cache.js';
import { createRedisCache } from './redis-cache.js';

export type { Cache } from './cache.js';

export function openCache(
  redisUrl: string | undefined,
  prefix: string,
  log?: FastifyBaseLogger,
): Promise<Cache> {
  return redisUrl ? createRedisCache(redisUrl, prefix, log) : Promise.resolve(createMemoryCache());
}
