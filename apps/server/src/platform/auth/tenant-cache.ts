import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache/index.js';
import type { Database } from '../db/database.js';
import type { Tenant } from '../db/schema.js';
import { findTenantRow } from './tenant-cache.repo.js';

/**
 * A tenant as every request needs it, cached. `epoch` changes whenever anything that shapes the
 * permissions of the tenant's users changes (menus, roles, grants): principals computed under an
 * older epoch are recomputed on their next request, so a grant takes effect at once.
 */
export interface TenantEntry {
  id: string;
  name: string;
  status: number;
  epoch: string;
  tenant: Omit<Tenant, 'createTime' | 'updateTime'>;
}

const TTL_SECONDS = 3600;
export const tenantKey = (tenantId: string) => `tenant:${tenantId}`;
/** The epoch alone: a few bytes, read on every request, while the entry itself is kept in process. */
export const tenantEpochKey = (tenantId: string) => `tenant:epoch:${tenantId}`;

/**
 * Tenants in the shared cache (entry + epoch) with an in-process copy per epoch, so a request
 * reads only the epoch from Redis and parses no entry unless it changed.
 */
export class TenantCache {
  private readonly local = new Map<string, TenantEntry>();

  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
  ) {}

  async get(tenantId: string): Promise<TenantEntry | undefined> {
    // While Redis is unreachable another process's change (a tenant disabled) cannot reach this
    // process's copy: every call reads the row.
    if (this.cache.degraded) return this.fromRow(tenantId);
    return this.atEpoch(tenantId, await this.cache.get<string>(tenantEpochKey(tenantId)));
  }

  /** The entry for the epoch the caller read from the shared cache (undefined: none cached). */
  async atEpoch(tenantId: string, epoch: string | undefined): Promise<TenantEntry | undefined> {
    if (!epoch) return this.load(tenantId);
    const local = this.local.get(tenantId);
    if (local?.epoch === epoch) return local;
    const shared = await this.cache.get<TenantEntry>(tenantKey(tenantId));
    if (shared?.epoch !== epoch) return this.load(tenantId);
    this.keep(shared);
    return shared;
  }

  /** Builds the entry from the database with a fresh epoch. */
  async load(tenantId: string): Promise<TenantEntry | undefined> {
    const entry = await this.fromRow(tenantId);
    if (!entry) return undefined;
    // Entry first, then its epoch: a reader that sees the new epoch finds the new entry.
    await this.cache.set(tenantKey(tenantId), entry, TTL_SECONDS);
    await this.cache.set(tenantEpochKey(tenantId), entry.epoch, TTL_SECONDS);
    this.keep(entry);
    return entry;
  }

  private async fromRow(tenantId: string): Promise<TenantEntry | undefined> {
    const row = await findTenantRow(this.db.global, tenantId);
    if (!row) return undefined;
    const { createTime: _c, updateTime: _u, ...tenant } = row;
    return { id: row.id, name: row.name, status: row.status, epoch: randomUUID(), tenant };
  }

  private keep(entry: TenantEntry) {
    if (this.local.size > 10_000) this.local.clear();
    this.local.set(entry.id, entry);
  }

  /** Call after any change to the tenant, its menus, roles or grants. */
  async invalidate(tenantId: string): Promise<void> {
    this.local.delete(tenantId);
    await this.cache.del(tenantKey(tenantId), tenantEpochKey(tenantId));
  }
}
