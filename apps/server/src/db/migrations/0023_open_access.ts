import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Open API access keys (Admin.NET's SysOpenAccess), tenant-owned: a key acts as one account of its
 * tenant. The secret is sealed with the server's data key (secret-box): the server must open it to
 * check a request's HMAC, and a database dump alone does not leak it. The access key names its
 * tenant (`<tenantId>_<random>`), so a signed request finds its row through the tenant's own
 * transaction (row-level security, tenants with a database of their own).
 */
const statements = [
  `create table sys_open_access (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    access_key varchar(64) not null,
    access_secret text not null,
    bind_user_id bigint not null,
    status integer not null default 1,
    remark varchar(256),
    last_used_time timestamptz,
    last_used_ip varchar(64),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_open_access_key_uq on sys_open_access (access_key)`,
  `create index sys_open_access_tenant_ix on sys_open_access (tenant_id, id)`,
  ...tenantOwned('sys_open_access'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
