import type { Sql } from '../db/database.js';
import type { Tenant } from '../db/schema.js';

/** The tenant row a cache entry is built from (sys_tenant is global: read outside any tenant). */
export function findTenantRow(db: Sql, tenantId: string): Promise<Tenant | undefined> {
  return db.selectFrom('sysTenant').selectAll().where('id', '=', tenantId).executeTakeFirst();
}
