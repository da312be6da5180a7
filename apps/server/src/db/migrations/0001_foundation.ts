import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { APP_ROLE, PLATFORM_ROLE } from '../../platform/db/roles.js';

/**
 * Tenants, accounts, organisation, roles and their grants, menus, dictionaries, configs and what
 * sign-in needs. Every tenant-owned table gets row-level security keyed on `app.tenant_id`
 * (see tenantTable below); global tables (tenant, menu, key) carry none.
 */

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64)`;

const tables: string[] = [
  `create table sys_tenant (
    id bigint primary key,
    name varchar(64) not null,
    user_id bigint,
    org_id bigint,
    host varchar(128),
    email varchar(128),
    phone varchar(32),
    tenant_type smallint not null default 0,
    db_type varchar(32),
    connection text,
    config_id varchar(64),
    enable_reg boolean not null default false,
    logo varchar(512),
    title varchar(64) not null default 'Lintel',
    vice_title varchar(128),
    vice_desc varchar(512),
    icp varchar(128),
    icp_url varchar(512),
    watermark varchar(128),
    copyright varchar(256),
    carousel_files jsonb not null default '[]'::jsonb,
    theme_color varchar(16) not null default '#0f59a4',
    layout varchar(16) not null default 'columns',
    animation varchar(32) not null default 'fadeDown',
    second_ver boolean not null default false,
    captcha boolean not null default true,
    force_change_password boolean not null default false,
    password_expiration_days integer not null default 0,
    i18n_switch boolean not null default true,
    idle_timeout integer not null default 0,
    online_notice boolean not null default false,
    status smallint not null default 1,
    order_no integer not null default 100,
    remark varchar(256),
    ${audit}
  )`,
  `create unique index sys_tenant_name_uq on sys_tenant (lower(name))`,
  `create index sys_tenant_host_ix on sys_tenant (lower(host))`,

  `create table sys_org (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    pid bigint not null default 0,
    name varchar(64) not null,
    code varchar(64),
    level integer,
    type varchar(64),
    director_id bigint,
    order_no integer not null default 100,
    status smallint not null default 1,
    remark varchar(256),
    ${audit}
  )`,
  `create index sys_org_tenant_pid_ix on sys_org (tenant_id, pid)`,
  `create unique index sys_org_code_uq on sys_org (tenant_id, code) where code is not null`,

  `create table sys_pos (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    code varchar(64),
    order_no integer not null default 100,
    status smallint not null default 1,
    remark varchar(256),
    ${audit}
  )`,
  `create index sys_pos_tenant_ix on sys_pos (tenant_id)`,

  `create table sys_user (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    account varchar(64) not null,
    password varchar(256) not null,
    real_name varchar(64),
    nick_name varchar(64),
    pinyin varchar(64),
    full_pinyin varchar(256),
    avatar varchar(512),
    sex smallint not null default 0,
    age integer,
    birthday date,
    nation varchar(32),
    phone varchar(32),
    card_type smallint not null default 0,
    id_card_num varchar(32),
    email varchar(128),
    address varchar(256),
    culture_level smallint,
    political_outlook varchar(32),
    college varchar(128),
    office_phone varchar(32),
    emergency_contact varchar(32),
    emergency_phone varchar(32),
    emergency_address varchar(256),
    introduction varchar(512),
    signature varchar(512),
    account_type smallint not null default 777,
    org_id bigint,
    pos_id bigint,
    job_num varchar(32),
    job_title varchar(64),
    employee_id varchar(64),
    domain_account varchar(128),
    join_date date,
    lang_code varchar(16),
    status smallint not null default 1,
    order_no integer not null default 100,
    remark varchar(256),
    last_login_ip varchar(64),
    last_login_address varchar(128),
    last_login_time timestamptz,
    last_login_device varchar(256),
    last_change_password_time timestamptz,
    ${audit}
  )`,
  `create unique index sys_user_account_uq on sys_user (tenant_id, lower(account))`,
  `create unique index sys_user_phone_uq on sys_user (tenant_id, phone) where phone is not null and phone <> ''`,
  `create index sys_user_email_ix on sys_user (tenant_id, lower(email))`,
  `create index sys_user_org_ix on sys_user (tenant_id, org_id)`,

  `create table sys_user_ext_org (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    org_id bigint not null,
    pos_id bigint,
    job_num varchar(32),
    pos_level varchar(32),
    join_date date
  )`,
  `create index sys_user_ext_org_user_ix on sys_user_ext_org (tenant_id, user_id)`,

  `create table sys_role (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    code varchar(64) not null,
    data_scope smallint not null default 4,
    is_system boolean not null default false,
    order_no integer not null default 100,
    status smallint not null default 1,
    remark varchar(256),
    ${audit}
  )`,
  `create unique index sys_role_code_uq on sys_role (tenant_id, lower(code))`,

  `create table sys_user_role (
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    role_id bigint not null,
    primary key (tenant_id, user_id, role_id)
  )`,
  `create index sys_user_role_role_ix on sys_user_role (tenant_id, role_id)`,

  `create table sys_menu (
    id bigint primary key,
    pid bigint not null default 0,
    key varchar(128),
    scope varchar(16) not null default 'tenant',
    type smallint not null,
    name varchar(64),
    path varchar(256),
    component varchar(256),
    redirect varchar(256),
    permission varchar(128),
    title varchar(64) not null,
    icon varchar(64),
    is_iframe boolean not null default false,
    out_link varchar(512),
    is_hide boolean not null default false,
    is_keep_alive boolean not null default true,
    is_affix boolean not null default false,
    order_no integer not null default 100,
    status smallint not null default 1,
    remark varchar(256),
    ${audit}
  )`,
  `create unique index sys_menu_key_uq on sys_menu (key) where key is not null`,
  `create index sys_menu_pid_ix on sys_menu (pid)`,

  `create table sys_tenant_menu (
    tenant_id bigint not null references sys_tenant(id),
    menu_id bigint not null references sys_menu(id) on delete cascade,
    primary key (tenant_id, menu_id)
  )`,
  `create table sys_role_menu (
    tenant_id bigint not null references sys_tenant(id),
    role_id bigint not null,
    menu_id bigint not null references sys_menu(id) on delete cascade,
    primary key (tenant_id, role_id, menu_id)
  )`,
  `create table sys_role_org (
    tenant_id bigint not null references sys_tenant(id),
    role_id bigint not null,
    org_id bigint not null,
    primary key (tenant_id, role_id, org_id)
  )`,
  `create table sys_role_api (
    tenant_id bigint not null references sys_tenant(id),
    role_id bigint not null,
    route varchar(256) not null,
    primary key (tenant_id, role_id, route)
  )`,
  `create table sys_role_table (
    tenant_id bigint not null references sys_tenant(id),
    role_id bigint not null,
    table_name varchar(64) not null,
    column_name varchar(64) not null,
    primary key (tenant_id, role_id, table_name, column_name)
  )`,

  `create table sys_dict_type (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    code varchar(64) not null,
    order_no integer not null default 100,
    remark varchar(256),
    status smallint not null default 1,
    sys_flag char(1) not null default 'N',
    ${audit}
  )`,
  `create unique index sys_dict_type_code_uq on sys_dict_type (tenant_id, code)`,

  `create table sys_dict_data (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    dict_type_id bigint not null references sys_dict_type(id) on delete cascade,
    label varchar(128) not null,
    value varchar(128) not null,
    code varchar(64),
    name varchar(128),
    tag_type varchar(16),
    style_setting varchar(512),
    class_setting varchar(512),
    ext_data text,
    order_no integer not null default 100,
    remark varchar(256),
    status smallint not null default 1,
    ${audit}
  )`,
  `create index sys_dict_data_type_ix on sys_dict_data (tenant_id, dict_type_id)`,
  `create unique index sys_dict_data_value_uq on sys_dict_data (tenant_id, dict_type_id, value)`,

  `create table sys_config (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    code varchar(64) not null,
    value varchar(512),
    sys_flag char(1) not null default 'N',
    group_code varchar(64) not null default 'Default',
    order_no integer not null default 100,
    remark varchar(256),
    ${audit}
  )`,
  `create unique index sys_config_code_uq on sys_config (tenant_id, code)`,

  `create table sys_key (
    name varchar(64) primary key,
    value text not null,
    create_time timestamptz not null default now()
  )`,

  `create table sys_token_family (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    generation integer not null default 1,
    rotated_at timestamptz,
    expires_at timestamptz not null,
    revoked_at timestamptz,
    revoke_reason varchar(32),
    ip varchar(64),
    user_agent varchar(512),
    create_time timestamptz not null default now()
  )`,
  `create index sys_token_family_user_ix on sys_token_family (tenant_id, user_id)`,

  `create table sys_login_failure (
    tenant_id bigint not null references sys_tenant(id),
    account varchar(64) not null,
    fail_count integer not null default 0,
    last_failed_at timestamptz not null default now(),
    locked_until timestamptz,
    primary key (tenant_id, account)
  )`,
];

/** Tables that belong to a tenant: isolated by row-level security. */
export const TENANT_TABLES = [
  'sys_org',
  'sys_pos',
  'sys_user',
  'sys_user_ext_org',
  'sys_role',
  'sys_user_role',
  'sys_tenant_menu',
  'sys_role_menu',
  'sys_role_org',
  'sys_role_api',
  'sys_role_table',
  'sys_dict_type',
  'sys_dict_data',
  'sys_config',
  'sys_token_family',
  'sys_login_failure',
] as const;

/**
 * FORCE'd row-level security: the app role sees only rows of the tenant named by the
 * transaction-local `app.tenant_id` (empty outside a tenant transaction, so nothing matches); the
 * platform role, taken explicitly for cross-tenant work, sees all.
 */
function tenantTable(table: string): string[] {
  const current = `nullif(current_setting('app.tenant_id', true), '')::bigint`;
  return [
    `alter table ${table} enable row level security`,
    `alter table ${table} force row level security`,
    `create policy ${table}_tenant on ${table} to ${APP_ROLE} using (tenant_id = ${current}) with check (tenant_id = ${current})`,
    `create policy ${table}_platform on ${table} to ${PLATFORM_ROLE} using (true) with check (true)`,
  ];
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [
    ...tables,
    ...TENANT_TABLES.flatMap(tenantTable),
    `grant select, insert, update, delete on all tables in schema public to ${APP_ROLE}, ${PLATFORM_ROLE}`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${APP_ROLE}, ${PLATFORM_ROLE}`,
  ];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
