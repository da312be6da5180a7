import { randomUUID } from 'node:crypto';
import type { Cache } from './cache.js';

const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
/**
 * How long after a change totals are counted afresh instead of kept. Writers mark the change inside
 * their transaction, before it commits: a total counted by another request in that gap would see
 * the old rows under the new epoch and stay wrong for a minute. No write transaction of ours lasts
 * this long (an import of 20 000 rows takes a few seconds).
 */
const SETTLE_MS = 30_000;
const epochKey = (tenantId: string, table: string) => `count:epoch:${table}:${tenantId}`;

/**
 * Totals of paged lists, kept per tenant, table and query: counting a hundred thousand visible rows
 * on every page turn would cost more than reading the page. Any write that adds, removes or moves
 * rows bumps the table's epoch in the shared cache (so every process recounts on its next request);
 * writes that do not bump it are corrected within a minute.
 */
export class CountCache {
  private readonly entries = new Map<string, { total: number; epoch: string; at: number }>();

  constructor(private readonly cache: Cache) {}

  async total(tenantId: string, table: string, query: string, count: () => Promise<number>): Promise<number> {
    const epoch = (await this.cache.get<string>(epochKey(tenantId, table))) ?? '-';
    const key = `${tenantId}:${table}:${query}`;
    const hit = this.entries.get(key);
    if (hit && hit.epoch === epoch && Date.now() - hit.at < TTL_MS) return hit.total;
    const total = await count();
    const changedAt = Number(epoch.split('@')[1] ?? 0);
    if (Date.now() - changedAt < SETTLE_MS) return total; // a change may still be committing
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { total, epoch, at: Date.now() });
    return total;
  }

  /** Rows of `table` were added, removed or changed in ways a filter sees. */
  async changed(tenantId: string, table: string): Promise<void> {
    await this.cache.set(epochKey(tenantId, table), `${randomUUID()}@${Date.now()}`, 86_400);
  }
}

const perCache = new WeakMap<Cache, CountCache>();

/** The count cache over a shared cache (one per process and cache). */
export function countCacheOf(cache: Cache): CountCache {
  let counts = perCache.get(cache);
  if (!counts) {
    counts = new CountCache(cache);
    perCache.set(cache, counts);
  }
  return counts;
}
