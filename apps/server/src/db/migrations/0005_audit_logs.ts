import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Audit: the operation log (who called which changing endpoint, from where, with what outcome) and
 * the difference log (old and new value per field of each changed row). Both tenant-owned.
 */
const statements = [
  `create table sys_log_op (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint,
    account varchar(64),
    real_name varchar(64),
    method varchar(8) not null,
    url varchar(256) not null,
    permission varchar(128),
    ip varchar(64),
    user_agent varchar(256),
    status_code integer not null,
    success boolean not null,
    message varchar(512),
    elapsed_ms integer not null,
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_op_tenant_time_ix on sys_log_op (tenant_id, create_time desc)`,
  `create table sys_log_diff (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    table_name varchar(64) not null,
    row_id bigint not null,
    operation varchar(16) not null,
    changes jsonb not null,
    user_id bigint,
    account varchar(64),
    real_name varchar(64),
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_diff_row_ix on sys_log_diff (tenant_id, table_name, row_id, create_time desc)`,
  `create index sys_log_diff_tenant_time_ix on sys_log_diff (tenant_id, create_time desc)`,
  ...tenantOwned('sys_log_op'),
  ...tenantOwned('sys_log_diff'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
