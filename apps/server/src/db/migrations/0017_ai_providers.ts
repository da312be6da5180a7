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
 * Model providers of a tenant (issue 12), all tenant-owned:
 * - ai_provider: an OpenAI-compatible endpoint or a Dify chat app; the API key is sealed with the
 *   server's data key (secret-box) and never leaves the server. Soft-deleted, so usage keeps its names.
 * - ai_model: a model a provider serves, with its capability flags; at most one default per tenant.
 *   Soft-deleted too (chats and usage point at the row).
 * - ai_usage: requests and tokens per user, model row and day, added to in place (upsert).
 * - ai_limit: the tenant's limits (0 = none); no row means no limits.
 */
const statements = [
  `create table ai_provider (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    kind varchar(16) not null,
    name varchar(64) not null,
    base_url varchar(512) not null,
    api_key text,
    enabled boolean not null default true,
    order_no integer not null default 100,
    remark varchar(256),
    is_delete boolean not null default false,
    ${audit}
  )`,
  `create index ai_provider_tenant_ix on ai_provider (tenant_id, order_no, id) where not is_delete`,
  ...tenantOwned('ai_provider'),
  `create table ai_model (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    provider_id bigint not null references ai_provider(id),
    model_id varchar(128) not null,
    name varchar(64) not null,
    reasoning boolean not null default false,
    vision boolean not null default false,
    is_default boolean not null default false,
    enabled boolean not null default true,
    order_no integer not null default 100,
    is_delete boolean not null default false,
    ${audit}
  )`,
  `create index ai_model_provider_ix on ai_model (tenant_id, provider_id) where not is_delete`,
  `create unique index ai_model_default_uq on ai_model (tenant_id) where is_default and not is_delete`,
  ...tenantOwned('ai_model'),
  `create table ai_usage (
    tenant_id bigint not null references sys_tenant(id),
    day date not null,
    user_id bigint not null,
    model_row_id bigint not null,
    requests integer not null default 0,
    prompt_tokens bigint not null default 0,
    completion_tokens bigint not null default 0,
    primary key (tenant_id, day, user_id, model_row_id)
  )`,
  `create index ai_usage_user_ix on ai_usage (tenant_id, user_id, day)`,
  ...tenantOwned('ai_usage'),
  `create table ai_limit (
    tenant_id bigint primary key references sys_tenant(id),
    tenant_requests_per_minute integer not null default 0,
    user_requests_per_minute integer not null default 0,
    tenant_tokens_per_day bigint not null default 0,
    user_tokens_per_day bigint not null default 0,
    update_time timestamptz,
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  ...tenantOwned('ai_limit'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
