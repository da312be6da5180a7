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

/**
 * Notices and announcements (Admin.NET SysNotice / SysNoticeUser), messages kept in an inbox
 * (sys_message / sys_message_user; Admin.NET only pushes them) and the message log. All tenant-owned.
 * Read-state tables are keyed tenant first, then the row, then the account; a second index serves
 * "my unread" lists and counts.
 */
const statements = [
  `create table sys_notice (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    title varchar(128) not null,
    content text not null,
    type smallint not null,
    status smallint not null default 0,
    receive_type varchar(8) not null default 'all',
    receive_org_ids jsonb not null default '[]',
    receive_user_ids jsonb not null default '[]',
    public_user_id bigint,
    public_user_name varchar(64),
    public_org_id bigint,
    public_org_name varchar(64),
    public_time timestamptz,
    cancel_time timestamptz,
    ${audit}
  )`,
  `create index sys_notice_tenant_time_ix on sys_notice (tenant_id, create_time desc)`,
  ...tenantOwned('sys_notice'),
  `create table sys_notice_user (
    tenant_id bigint not null references sys_tenant(id),
    notice_id bigint not null references sys_notice(id) on delete cascade,
    user_id bigint not null,
    read_status smallint not null default 0,
    read_time timestamptz,
    primary key (tenant_id, notice_id, user_id)
  )`,
  `create index sys_notice_user_inbox_ix on sys_notice_user (tenant_id, user_id, read_status, notice_id)`,
  ...tenantOwned('sys_notice_user'),
  `create table sys_message (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    title varchar(128) not null,
    message text not null,
    message_type varchar(16) not null,
    send_kind varchar(16) not null,
    send_user_id bigint,
    send_user_name varchar(64),
    create_time timestamptz not null default now()
  )`,
  ...tenantOwned('sys_message'),
  `create table sys_message_user (
    tenant_id bigint not null references sys_tenant(id),
    message_id bigint not null references sys_message(id) on delete cascade,
    user_id bigint not null,
    read_status smallint not null default 0,
    read_time timestamptz,
    primary key (tenant_id, message_id, user_id)
  )`,
  `create index sys_message_user_inbox_ix on sys_message_user (tenant_id, user_id, read_status, message_id)`,
  ...tenantOwned('sys_message_user'),
  // The log outlives the inbox rows and is cleared on its own, like the other logs.
  `create table sys_log_msg (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    message_id bigint not null,
    title varchar(128) not null,
    message text not null,
    message_type varchar(16) not null,
    send_kind varchar(16) not null,
    send_user_id bigint,
    send_user_name varchar(64),
    recipient_count integer not null,
    online_count integer not null,
    create_time timestamptz not null default now()
  )`,
  `create index sys_log_msg_tenant_time_ix on sys_log_msg (tenant_id, create_time desc)`,
  ...tenantOwned('sys_log_msg'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
