import { APP_ROLE, PLATFORM_ROLE } from '../../platform/db/roles.js';

/**
 * The statements that make a table tenant-owned, as 0001_foundation does: row-level security
 * FORCE'd (the owner too), the application role limited to `app.tenant_id`, the platform role
 * unrestricted, and both granted the table. Migrations call it; its output must never change.
 */
export function tenantOwned(table: string): string[] {
  const current = `nullif(current_setting('app.tenant_id', true), '')::bigint`;
  return [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    `create policy ${table}_tenant on ${table} to ${APP_ROLE} using (tenant_id = ${current}) with check (tenant_id = ${current})`,
    `create policy ${table}_platform on ${table} to ${PLATFORM_ROLE} using (true) with check (true)`,
    `grant select, insert, update, delete on ${table} to ${APP_ROLE}, ${PLATFORM_ROLE}`,
  ];
}
