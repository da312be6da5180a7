import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * The form designer (issue 13), all tenant-owned:
 * - sys_form: a form, its code unique in the tenant, the draft the designer edits (JSON Schema draft 7
 *   + rjsf uiSchema) and the number of its latest published version (0: never published).
 * - sys_form_version: one published version, immutable (no update grant is needed, but RLS keeps the
 *   tenant's rows apart like every other table).
 * - sys_form_data: one submission, with the version it was validated against, and the submitter's
 *   account and organisation (the role data scope filters the list by organisation).
 */
const statements = [
  `create table sys_form (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    code varchar(64) not null,
    title varchar(128),
    description varchar(512),
    status integer not null default 1,
    schema jsonb not null default '{"type":"object","properties":{}}',
    ui_schema jsonb not null default '{}',
    published_version integer not null default 0,
    published_time timestamptz,
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_form_code_ux on sys_form (tenant_id, code)`,
  ...tenantOwned('sys_form'),
  `create table sys_form_version (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    form_id bigint not null references sys_form(id) on delete cascade,
    version integer not null,
    schema jsonb not null,
    ui_schema jsonb not null,
    create_time timestamptz not null default now(),
    create_user_id bigint,
    create_user_name varchar(64)
  )`,
  `create unique index sys_form_version_ux on sys_form_version (form_id, version)`,
  ...tenantOwned('sys_form_version'),
  `create table sys_form_data (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    form_id bigint not null references sys_form(id) on delete cascade,
    version integer not null,
    data jsonb not null,
    submit_user_id bigint,
    submit_user_name varchar(64),
    submit_org_id bigint,
    submit_org_name varchar(64),
    create_time timestamptz not null default now()
  )`,
  `create index sys_form_data_form_ix on sys_form_data (tenant_id, form_id, create_time desc)`,
  ...tenantOwned('sys_form_data'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
