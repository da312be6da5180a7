import type { Redis } from 'ioredis';

/**
 * The shared cache: process memory by default, Redis when REDIS_URL is set (then shared by every
 * API process). Values are JSON-compatible; treat what `get` returns as read-only.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  get<T>(key: string): Promise<T | undefined>;
  getMany<T extends unknown[]>(keys: string[]): Promise<Partial<T>>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when it was set. */
  setIfAbsent(key: string, value: unknown, ttlSeconds: number): Promise<boolean>;
  /** Reads and deletes in one step (single-use values such as captcha answers). */
  take<T>(key: string): Promise<T | undefined>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter; the expiry is set when the counter is created. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Seconds left before the key expires; 0 when absent. */
  ttl(key: string): Promise<number>;
  /**
   * Keys starting with `prefix` (all keys when empty), as the app writes them (without the Redis
   * deployment prefix), at most `limit`, in no particular order. Redis walks them with SCAN.
   */
  keys(prefix: string, limit: number): Promise<{ keys: string[]; truncated: boolean }>;
  /** The stored text of a key (JSON for the app's values) and its seconds to live (null: none). */
  peek(key: string): Promise<{ text: string; ttl: number | null } | undefined>;
  /** The Redis client, for plugins that speak Redis themselves (rate limits, realtime). */
  readonly redis?: Redis;
  close(): Promise<void>;
}
