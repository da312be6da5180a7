import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Data approval (issue 14), tenant-owned. `approval_flow` is a definition (Admin.NET's ApprovalFlow:
 * code, name, formJson, flowJson as JSON texts). An instance keeps a snapshot of the flow graph and
 * form binding it was submitted under, so editing or deleting a definition never changes a request
 * in progress. `approval_todo` holds who may act on a pending instance now (one row per account:
 * role approvers are resolved to the role's holders when the instance arrives); `approval_history`
 * is every action with its comment, actor and time.
 */
const statements = [
  `create table approval_flow (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    code varchar(32) not null,
    name varchar(64) not null,
    form_json text not null,
    flow_json text not null,
    status smallint not null default 1,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index approval_flow_code_uq on approval_flow (tenant_id, code)`,
  `create table approval_instance (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    flow_id bigint not null,
    flow_name varchar(64) not null,
    flow_json jsonb not null,
    form_json jsonb not null,
    form_version integer not null default 0,
    data jsonb not null,
    status varchar(16) not null,
    current_node_id varchar(64),
    current_node_name varchar(64),
    submit_user_id bigint not null,
    submit_user_name varchar(64) not null,
    submit_org_id bigint,
    create_time timestamptz not null default now(),
    update_time timestamptz,
    finish_time timestamptz
  )`,
  `create index approval_instance_submitter_ix on approval_instance (tenant_id, submit_user_id, create_time desc)`,
  `create index approval_instance_flow_ix on approval_instance (tenant_id, flow_id, status)`,
  `create table approval_todo (
    tenant_id bigint not null references sys_tenant(id),
    instance_id bigint not null references approval_instance(id) on delete cascade,
    user_id bigint not null,
    create_time timestamptz not null default now(),
    primary key (instance_id, user_id)
  )`,
  `create index approval_todo_user_ix on approval_todo (tenant_id, user_id)`,
  `create table approval_history (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    instance_id bigint not null references approval_instance(id) on delete cascade,
    action varchar(16) not null,
    node_id varchar(64),
    node_name varchar(64),
    comment varchar(500),
    actor_id bigint not null,
    actor_name varchar(64) not null,
    create_time timestamptz not null default now()
  )`,
  `create index approval_history_instance_ix on approval_history (instance_id, create_time)`,
  `create index approval_history_actor_ix on approval_history (tenant_id, actor_id)`,
  ...tenantOwned('approval_flow'),
  ...tenantOwned('approval_instance'),
  ...tenantOwned('approval_todo'),
  ...tenantOwned('approval_history'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
