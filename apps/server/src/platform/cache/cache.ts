import type { Redis } from 'ioredis';
import { serviceUnavailable } from '../http/errors.js';

/**
 * What cannot be decided while Redis is unreachable is refused with 503 (the client may retry:
 * ioredis tries to reconnect every second), never allowed.
 */
export const cacheUnavailable = () => serviceUnavailable('cache.unavailable', { 'retry-after': '5' });

/** Replay nonces of signed open-access requests: kept when Redis recovers from an outage. */
export const NONCE_KEY_PREFIX = 'openapi:nonce:';

export interface SetIfAbsentOptions {
  /**
   * The answer must hold for every process (a replay nonce): while Redis is unreachable this throws
   * `cacheUnavailable()` instead of answering from the process's own memory.
   */
  shared?: boolean;
}

/**
 * The shared cache: process memory by default, Redis when REDIS_URL is set (then shared by every
 * API process). Values are JSON-compatible; treat what `get` returns as read-only.
 */
export interface Cache {
  readonly kind: 'memory' | 'redis';
  /**
   * True while Redis is unreachable: values then live in this process only, for at most a minute,
   * so nothing another process changed can be learnt from the cache. Callers whose answer must hold
   * across processes (revocation, permissions) go to the database instead. Never true in memory.
   */
  readonly degraded: boolean;
  /** Calls `listener` each time Redis is back and what the outage may have left stale is gone. */
  onRecovered(listener: () => void): void;
  get<T>(key: string): Promise<T | undefined>;
  getMany<T extends unknown[]>(keys: string[]): Promise<Partial<T>>;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  /** Sets only when absent; true when it was set. */
  setIfAbsent(
    key: string,
    value: unknown,
    ttlSeconds: number,
    options?: SetIfAbsentOptions,
  ): Promise<boolean>;
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
