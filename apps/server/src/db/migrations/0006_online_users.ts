import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Online users: one row per open realtime connection, written by the hub of the process holding it,
 * so that every API process lists (and can force offline) the connections of all of them.
 * `server_id` names the process (host and port) so that it can drop the rows of its previous run.
 */
const statements = [
  `create table sys_online_user (
    connection_id varchar(64) primary key,
    tenant_id bigint not null references sys_tenant(id),
    home_tenant_id bigint not null,
    user_id bigint not null,
    token_family bigint not null,
    account varchar(64) not null,
    real_name varchar(64),
    time timestamptz not null default now(),
    ip varchar(64),
    browser varchar(128),
    os varchar(64),
    server_id varchar(160) not null
  )`,
  `create index sys_online_user_tenant_time_ix on sys_online_user (tenant_id, time desc)`,
  `create index sys_online_user_user_ix on sys_online_user (tenant_id, user_id)`,
  `create index sys_online_user_server_ix on sys_online_user (server_id)`,
  ...tenantOwned('sys_online_user'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
