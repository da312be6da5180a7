import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Serial numbers (Admin.NET Pro's SysSerial), tenant-owned: one row per named sequence. `next` is one
 * UPDATE ... RETURNING on the row (the row lock orders concurrent callers, so numbers are gap-free);
 * `period` holds the date part the current value counts in, so a new day, month or year restarts it.
 */
const statements = [
  `create table sys_serial (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    code varchar(64) not null,
    name varchar(64) not null,
    prefix varchar(32) not null default '',
    date_part varchar(16) not null default 'none',
    padding integer not null default 4,
    reset_rule varchar(16) not null default 'never',
    current_value bigint not null default 0,
    period varchar(16) not null default '',
    status integer not null default 1,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_serial_code_uq on sys_serial (tenant_id, code)`,
  ...tenantOwned('sys_serial'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
