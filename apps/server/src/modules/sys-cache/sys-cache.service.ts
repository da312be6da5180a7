import {
  CACHE_KEY_LIMIT,
  type CacheDeleteResult,
  type CacheKeyList,
  type CacheValue,
} from '@lintel/contracts/wire';
import type { AppContext } from '../../platform/context.js';

/**
 * What `clear` keeps. Everything else in the cache is a copy of data the database holds (signed-in
 * principals and their stamps, tenants, menus epoch, dictionaries, settings, page counts) and is
 * rebuilt on the next request, so clearing signs nobody out: sessions (token families and their
 * revocation) live in the database. These prefixes hold state that exists only in the cache: a
 * sign-in in progress (captcha answers, SMS codes, OAuth states, QR tickets) or abuse protection
 * (rate-limit counters, SMS send limits), which a clear would break or reopen. A key under them can
 * still be deleted on its own or by prefix.
 */
export const PROTECTED_PREFIXES = ['captcha:', 'slider:', 'sms:', 'oauth:', 'qr:', 'ratelimit:'];

const isProtected = (key: string) => PROTECTED_PREFIXES.some((prefix) => key.startsWith(prefix));

/** Keys deleted per round trip. */
const DELETE_BATCH = 500;

export class SysCacheService {
  constructor(private readonly ctx: AppContext) {}

  async keyList(prefix = ''): Promise<CacheKeyList> {
    const { keys, truncated } = await this.ctx.cache.keys(prefix, CACHE_KEY_LIMIT);
    return {
      kind: this.ctx.cache.kind,
      keys: keys.sort(),
      truncated,
      protectedPrefixes: PROTECTED_PREFIXES,
    };
  }

  async value(key: string): Promise<CacheValue> {
    const stored = await this.ctx.cache.peek(key);
    if (!stored) return { key, exists: false, format: 'text', value: null, text: null, ttl: null };
    try {
      return {
        key,
        exists: true,
        format: 'json',
        value: JSON.parse(stored.text),
        text: stored.text,
        ttl: stored.ttl,
      };
    } catch {
      return { key, exists: true, format: 'text', value: stored.text, text: stored.text, ttl: stored.ttl };
    }
  }

  async delete(key: string): Promise<CacheDeleteResult> {
    const exists = (await this.ctx.cache.peek(key)) !== undefined;
    if (exists) await this.ctx.cache.del(key);
    return { deleted: exists ? 1 : 0, kept: 0 };
  }

  /** Deletes every key starting with `prefix`. */
  deleteByPrefix(prefix: string): Promise<CacheDeleteResult> {
    return this.deleteWhere(prefix, () => true);
  }

  /** Deletes the app's cached copies of data; keeps the protected prefixes (see above). */
  clear(): Promise<CacheDeleteResult> {
    return this.deleteWhere('', (key) => !isProtected(key));
  }

  private async deleteWhere(prefix: string, wanted: (key: string) => boolean): Promise<CacheDeleteResult> {
    const { keys } = await this.ctx.cache.keys(prefix, Number.MAX_SAFE_INTEGER);
    const doomed = keys.filter(wanted);
    for (let i = 0; i < doomed.length; i += DELETE_BATCH) {
      await this.ctx.cache.del(...doomed.slice(i, i + DELETE_BATCH));
    }
    return { deleted: doomed.length, kept: keys.length - doomed.length };
  }
}
