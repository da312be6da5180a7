import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * The visit, exception and HTTP request logs (tenant-owned, paged newest first per tenant), and the
 * hash chain of the operation and difference logs: each row carries the hash of the row written
 * before it for the same tenant (`prev_hash`) and its own (`hash`), in insertion order (`seq`,
 * assigned while the writer holds the tenant's advisory lock). Rows written before this migration
 * keep null hashes: the chain starts at the first row written after it.
 */
const statements = [
  `create table sys_log_vis (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint,
    account varchar(64),
    real_name varchar(64),
    action_name varchar(16) not null,
    login_mode varchar(16),
    success boolean not null,
    message varchar(256),
    remote_ip varchar(64),
    location varchar(128),
    browser varchar(64),
    os varchar(64),
    user_agent varchar(256),
    elapsed_ms integer not null,
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_vis_tenant_time_ix on sys_log_vis (tenant_id, create_time desc, id desc)`,
  `create table sys_log_ex (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    request_id varchar(64) not null,
    user_id bigint,
    account varchar(64),
    real_name varchar(64),
    method varchar(8) not null,
    url varchar(512) not null,
    status_code integer not null,
    message varchar(1024),
    stack text,
    remote_ip varchar(64),
    user_agent varchar(256),
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_ex_tenant_time_ix on sys_log_ex (tenant_id, create_time desc, id desc)`,
  `create index sys_log_ex_request_ix on sys_log_ex (tenant_id, request_id)`,
  `create table sys_log_http (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    request_id varchar(64),
    user_id bigint,
    account varchar(64),
    method varchar(8) not null,
    url varchar(512) not null,
    status_code integer not null,
    elapsed_ms integer not null,
    remote_ip varchar(64),
    user_agent varchar(256),
    request_headers text,
    request_body text,
    response_body text,
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_http_tenant_time_ix on sys_log_http (tenant_id, create_time desc, id desc)`,
  `alter table sys_log_op add column seq bigint generated always as identity`,
  `alter table sys_log_op add column prev_hash char(64)`,
  `alter table sys_log_op add column hash char(64)`,
  `create index sys_log_op_chain_ix on sys_log_op (tenant_id, seq)`,
  `alter table sys_log_diff add column seq bigint generated always as identity`,
  `alter table sys_log_diff add column prev_hash char(64)`,
  `alter table sys_log_diff add column hash char(64)`,
  `create index sys_log_diff_chain_ix on sys_log_diff (tenant_id, seq)`,
  ...tenantOwned('sys_log_vis'),
  ...tenantOwned('sys_log_ex'),
  ...tenantOwned('sys_log_http'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
