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
  /** The Redis client, for plugins that speak Redis themselves (rate limits, realtime). */
  readonly redis?: Redis;
  close(): Promise<void>;
}
