import type { Kysely } from 'kysely';
import { sql } from 'kysely';

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64)`;

/**
 * The code generator's records (Admin.NET's SysCodeGen and SysCodeGenConfig): platform tables, like
 * the menus, used by the super admin only, so they have no tenant column.
 */
const statements = [
  `create table sys_code_gen (
    id bigint primary key,
    config_id varchar(32) not null,
    table_name varchar(64) not null,
    class_name varchar(64) not null,
    bus_name varchar(64) not null,
    name_space varchar(32) not null,
    author_name varchar(64),
    table_comment varchar(256),
    generate_type varchar(8) not null,
    menu_pid varchar(64) not null,
    menu_icon varchar(64),
    ${audit}
  )`,
  `create unique index sys_code_gen_class_uq on sys_code_gen (class_name)`,
  `create table sys_code_gen_config (
    id bigint primary key,
    code_gen_id bigint not null references sys_code_gen(id) on delete cascade,
    column_name varchar(64) not null,
    property_name varchar(64) not null,
    column_comment varchar(64) not null,
    data_type varchar(32) not null,
    column_length integer,
    decimal_digits integer,
    is_nullable boolean not null,
    effect_type varchar(32) not null,
    dict_type_code varchar(64),
    whether_required char(1) not null,
    query_whether char(1) not null,
    query_type varchar(16) not null,
    whether_table char(1) not null,
    whether_add_update char(1) not null,
    whether_common char(1) not null,
    order_no integer not null,
    ${audit}
  )`,
  `create unique index sys_code_gen_config_column_uq on sys_code_gen_config (code_gen_id, column_name)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
