import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { newId } from '../../platform/db/ids.js';
import { SEEDED_RELEASE_NOTES } from '../../modules/sys-upgrade/upgrade-seed-notes.js';

/**
 * Release notes (Admin.NET Pro's SysUpgrade): platform tables, one list for every tenant, without a
 * tenant column or row-level security (the default privileges of 0001 grant them to the app roles).
 * - sys_upgrade: a note (version, title, Markdown content, publish time, status 1 published / 2 draft);
 * - sys_upgrade_read: which account has read which note (ids are unique across tenants).
 * The notes of CHANGELOG.md that the dashboard showed until now are written once here.
 */
const statements = [
  `create table sys_upgrade (
    id bigint primary key,
    version varchar(32) not null,
    title varchar(128) not null,
    content text not null default '',
    publish_time timestamptz not null default now(),
    status integer not null default 1,
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create index sys_upgrade_publish_ix on sys_upgrade (publish_time desc, id desc)`,
  `create table sys_upgrade_read (
    upgrade_id bigint not null references sys_upgrade(id) on delete cascade,
    user_id bigint not null,
    read_time timestamptz not null default now(),
    primary key (user_id, upgrade_id)
  )`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  await db
    .insertInto('sys_upgrade')
    .values(
      SEEDED_RELEASE_NOTES.map((note) => ({
        id: newId(),
        version: note.version,
        title: note.title,
        content: note.content,
        publish_time: note.publishTime,
        status: 1,
      })),
    )
    .execute();
}
