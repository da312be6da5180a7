import type { Cache } from './cache.js';

interface Entry {
  value: unknown;
  expiresAt: number;
}

/** In-process cache with expiry; a sweep every minute drops expired entries. */
export function createMemoryCache(maxEntries = 200_000): Cache {
  const entries = new Map<string, Entry>();
  const now = () => Date.now();

  const read = (key: string): Entry | undefined => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const write = (key: string, value: unknown, ttlSeconds: number) => {
    if (entries.size >= maxEntries && !entries.has(key)) {
      // Full: drop the oldest insertion (Map keeps insertion order).
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, { value, expiresAt: now() + ttlSeconds * 1000 });
  };

  const sweep = setInterval(() => {
    const t = now();
    for (const [key, entry] of entries) if (entry.expiresAt <= t) entries.delete(key);
  }, 60_000);
  sweep.unref();

  return {
    kind: 'memory',
    // One process owns it: there is nothing to lose touch with.
    degraded: false,
    onRecovered() {},
    async get<T>(key: string) {
      return read(key)?.value as T | undefined;
    },
    async getMany<T extends unknown[]>(keys: string[]) {
      return keys.map((key) => read(key)?.value) as Partial<T>;
    },
    async set(key, value, ttlSeconds) {
      write(key, value, ttlSeconds);
    },
    async setIfAbsent(key, value, ttlSeconds) {
      if (read(key)) return false;
      write(key, value, ttlSeconds);
      return true;
    },
    async take<T>(key: string) {
      const entry = read(key);
      entries.delete(key);
      return entry?.value as T | undefined;
    },
    async del(...keys) {
      for (const key of keys) entries.delete(key);
    },
    async incr(key, ttlSeconds) {
      const entry = read(key);
      const next = (typeof entry?.value === 'number' ? entry.value : 0) + 1;
      if (entry) entry.value = next;
      else write(key, next, ttlSeconds);
      return next;
    },
    async ttl(key) {
      const entry = read(key);
      return entry ? Math.ceil((entry.expiresAt - now()) / 1000) : 0;
    },
    async keys(prefix, limit) {
      const keys: string[] = [];
      const t = now();
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= t || !key.startsWith(prefix)) continue;
        if (keys.length === limit) return { keys, truncated: true };
        keys.push(key);
      }
      return { keys, truncated: false };
    },
    async peek(key) {
      const entry = read(key);
      if (!entry) return undefined;
      return { text: JSON.stringify(entry.value), ttl: Math.ceil((entry.expiresAt - now()) / 1000) };
    },
    async close() {
      clearInterval(sweep);
      entries.clear();
    },
  };
}
