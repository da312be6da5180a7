import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Deleting a tenant marks it deleted instead of removing its rows: a tenant owns rows in every
 * tenant-owned table (accounts, organisations, logs, files and whatever later modules add), and
 * those must stay recoverable. A deleted tenant's name may be used again by a new tenant.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_tenant add column is_delete boolean not null default false`.execute(db);
  await sql`drop index sys_tenant_name_uq`.execute(db);
  await sql`create unique index sys_tenant_name_uq on sys_tenant (lower(name)) where not is_delete`.execute(
    db,
  );
}
