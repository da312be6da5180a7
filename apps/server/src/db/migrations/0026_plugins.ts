import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Dynamic plugins (issue 13): one row per plugin the server knows, found in the plugins folder or
 * uploaded by the super admin. A platform table shared by every tenant (plugins are installed into
 * the one server process), so it has no tenant column and no row-level security; the default
 * privileges of 0001 grant it to the app roles. `status` is the switch an administrator flips
 * (1 enabled, 2 disabled); `error` is why the last start refused the plugin; `loaded_time` is when
 * it was last loaded (null: not loaded in this process yet, e.g. uploaded since the start).
 */
const statements = [
  `create table sys_plugin (
    id bigint primary key,
    name varchar(64) not null,
    version varchar(32) not null,
    description varchar(512),
    source varchar(8) not null default 'folder',
    status smallint not null default 1,
    error text,
    loaded_time timestamptz,
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_plugin_name_uq on sys_plugin (name)`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
