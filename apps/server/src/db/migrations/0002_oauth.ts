import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Third-party sign-in (OAuth 2.0 / OpenID Connect): the providers a tenant configures and the
 * external identities bound to its accounts. Both tables are tenant-owned, with the same FORCE'd
 * row-level security as 0001_foundation.
 */

const tables: string[] = [
  `create table sys_oauth_provider (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    code varchar(32) not null,
    name varchar(64) not null,
    icon varchar(64),
    authorize_url varchar(512) not null,
    token_url varchar(512) not null,
    userinfo_url varchar(512) not null,
    client_id varchar(256) not null,
    client_secret varchar(512),
    client_auth_method varchar(32) not null default 'client_secret_post',
    scope varchar(256) not null default '',
    subject_claim varchar(64) not null default 'sub',
    status smallint not null default 1,
    order_no integer not null default 100,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_oauth_provider_code_uq on sys_oauth_provider (tenant_id, code)`,

  `create table sys_oauth_binding (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    provider_id bigint not null references sys_oauth_provider(id) on delete cascade,
    subject varchar(256) not null,
    user_id bigint not null references sys_user(id) on delete cascade,
    create_time timestamptz not null default now()
  )`,
  // One external identity signs in to one account; an account holds one identity per provider.
  `create unique index sys_oauth_binding_subject_uq on sys_oauth_binding (tenant_id, provider_id, subject)`,
  `create unique index sys_oauth_binding_user_uq on sys_oauth_binding (tenant_id, provider_id, user_id)`,
];

/** The tables of this migration that belong to a tenant. */
export const OAUTH_TENANT_TABLES = ['sys_oauth_provider', 'sys_oauth_binding'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const statements = [...tables, ...OAUTH_TENANT_TABLES.flatMap(tenantOwned)];
  for (const statement of statements) await sql.raw(statement).execute(db);
}
