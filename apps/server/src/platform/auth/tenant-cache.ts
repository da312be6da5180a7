import { randomUUID } from 'node:crypto';
import type { Cache } from '../cache/index.js';
import type { Database } from '../db/database.js';
import type { Tenant } from '../db/schema.js';

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

export class TenantCache {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
  ) {}

  async get(tenantId: string): Promise<TenantEntry | undefined> {
    return (await this.cache.get<TenantEntry>(tenantKey(tenantId))) ?? this.load(tenantId);
  }

  /** Builds the entry from the database with a fresh epoch. */
  async load(tenantId: string): Promise<TenantEntry | undefined> {
    const row = await this.db.global
      .selectFrom('sysTenant')
      .selectAll()
      .where('id', '=', tenantId)
      .executeTakeFirst();
    if (!row) return undefined;
    const { createTime: _c, updateTime: _u, ...tenant } = row;
    const entry: TenantEntry = {
      id: row.id,
      name: row.name,
      status: row.status,
      epoch: randomUUID(),
      tenant,
    };
    await this.cache.set(tenantKey(tenantId), entry, TTL_SECONDS);
    return entry;
  }

  /** Call after any change to the tenant, its menus, roles or grants. */
  async invalidate(tenantId: string): Promise<void> {
    await this.cache.del(tenantKey(tenantId));
  }
}
