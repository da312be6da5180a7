import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Stored files (avatars, signatures, logos) and the personal schedule calendar. Both are
 * tenant-owned: row-level security as in 0001_foundation (FORCE'd, keyed on `app.tenant_id`).
 */

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64)`;

const tables: string[] = [
  `create table sys_file (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    provider varchar(32) not null default 'local',
    kind varchar(32) not null,
    file_name varchar(256) not null,
    suffix varchar(16) not null,
    content_type varchar(64) not null,
    size_bytes bigint not null,
    storage_path varchar(512) not null,
    url varchar(512) not null,
    ${audit}
  )`,
  `create index sys_file_tenant_kind_ix on sys_file (tenant_id, kind)`,

  `create table sys_schedule (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    schedule_time date not null,
    start_time varchar(5) not null,
    end_time varchar(5) not null,
    content varchar(512) not null,
    status smallint not null default 0,
    order_no integer not null default 100,
    ${audit}
  )`,
  `create index sys_schedule_user_day_ix on sys_schedule (tenant_id, user_id, schedule_time)`,
];

export const SCHEDULE_FILE_TABLES = ['sys_file', 'sys_schedule'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [...tables, ...SCHEDULE_FILE_TABLES.flatMap(tenantOwned)];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
