import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Print templates (issue 13), tenant-owned: a layout in millimetres (the `template` JSON, checked by
 * the wire's schema), the list it prints (`biz_type`), the sheet (paper, portrait width and height,
 * orientation, margins). Names are unique per tenant: `sysPrint/print/{name}` finds one by name.
 */
const statements = [
  `create table sys_print (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    name varchar(64) not null,
    biz_type varchar(64) not null,
    template jsonb not null,
    paper varchar(16) not null default 'A4',
    width integer not null default 210,
    height integer not null default 297,
    orientation varchar(16) not null default 'portrait',
    margin_top integer not null default 10,
    margin_right integer not null default 10,
    margin_bottom integer not null default 10,
    margin_left integer not null default 10,
    order_no integer not null default 100,
    status integer not null default 1,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_print_name_uq on sys_print (tenant_id, name)`,
  `create index sys_print_biz_type_ix on sys_print (tenant_id, biz_type, order_no)`,
  ...tenantOwned('sys_print'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
