import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64)`;

/** The role report queries on the product's own database run as (SET LOCAL ROLE in the tenant transaction). */
// Created, and handed to the connecting login, by ensureRoles (platform/db/roles.ts) before migrations run.
const REPORT_ROLE = 'lintel_report';
const current = `nullif(current_setting('app.tenant_id', true), '')::bigint`;

/**
 * What reports may read of the product's own tables: these columns only (column grants), of the
 * caller's tenant only (a SELECT policy per table), never a password hash, a token, a secret or an
 * identity-card number. The catalogue of the report builder (report-catalog.ts) offers a subset.
 * Frozen with this migration: a later table becomes reportable in a later migration.
 */
const REPORTABLE: Record<string, string[]> = {
  sys_user: [
    'id',
    'tenant_id',
    'account',
    'real_name',
    'nick_name',
    'sex',
    'age',
    'birthday',
    'nation',
    'phone',
    'email',
    'org_id',
    'pos_id',
    'job_num',
    'job_title',
    'join_date',
    'account_type',
    'status',
    'order_no',
    'remark',
    'last_login_time',
    'create_time',
    'create_user_id',
  ],
  sys_org: [
    'id',
    'tenant_id',
    'pid',
    'name',
    'code',
    'level',
    'type',
    'director_id',
    'order_no',
    'status',
    'remark',
    'create_time',
    'create_user_id',
  ],
  sys_pos: [
    'id',
    'tenant_id',
    'name',
    'code',
    'order_no',
    'status',
    'remark',
    'create_time',
    'create_user_id',
  ],
  sys_role: [
    'id',
    'tenant_id',
    'name',
    'code',
    'data_scope',
    'order_no',
    'status',
    'remark',
    'create_time',
    'create_user_id',
  ],
  sys_user_role: ['tenant_id', 'user_id', 'role_id'],
  sys_notice: [
    'id',
    'tenant_id',
    'title',
    'type',
    'status',
    'public_user_name',
    'public_org_id',
    'public_org_name',
    'public_time',
    'create_time',
    'create_user_id',
  ],
};

/**
 * Reports (issue 13):
 * - sys_report_data_source: where a report reads: the product's own database (`builtin`) or an
 *   external PostgreSQL server, whose password is sealed with the server's data key (secret-box).
 * - sys_report_config: a report: free SQL or a builder definition (table, fields, filters, grouping),
 *   its parameters, chart and table columns. A null data source is the product's own database.
 * - the NOLOGIN role lintel_report: SELECT on the columns above, tenant-confined by policy, nothing
 *   else; the login that runs the migrations may switch to it (SET ROLE checks the session user).
 */
const statements = [
  `create table sys_report_data_source (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    kind varchar(16) not null,
    host varchar(255),
    port integer,
    database_name varchar(128),
    user_name varchar(128),
    password text,
    ssl boolean not null default false,
    connect_timeout_ms integer not null default 5000,
    order_no integer not null default 100,
    remark varchar(256),
    ${audit}
  )`,
  `create index sys_report_data_source_tenant_ix on sys_report_data_source (tenant_id, order_no, id)`,
  ...tenantOwned('sys_report_data_source'),
  `create table sys_report_config (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    group_name varchar(64),
    data_source_id bigint references sys_report_data_source(id),
    mode varchar(8) not null,
    sql_text text,
    builder jsonb,
    params jsonb not null default '[]',
    chart jsonb,
    columns jsonb not null default '[]',
    order_no integer not null default 100,
    remark varchar(256),
    ${audit}
  )`,
  `create index sys_report_config_tenant_ix on sys_report_config (tenant_id, order_no, id)`,
  ...tenantOwned('sys_report_config'),
  ...Object.entries(REPORTABLE).flatMap(([table, columns]) => [
    `grant select (${columns.join(', ')}) on ${table} to ${REPORT_ROLE}`,
    `create policy ${table}_report on ${table} for select to ${REPORT_ROLE} using (tenant_id = ${current})`,
  ]),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
