import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { datasetRegions } from '../../modules/sys-region/region-dataset.js';

/**
 * Administrative regions (Admin.NET's SysRegion): a platform table, shared by every tenant, so it
 * has no tenant column and no row-level security (the default privileges of 0001 grant it to the
 * app roles). Provinces, prefectures and counties (3,682 rows) are loaded here so that a new or
 * upgraded install has them at once; townships come with `sysRegion/sync`.
 */
const statements = [
  `create table sys_region (
    id bigint primary key,
    pid bigint not null default 0,
    name varchar(64) not null,
    short_name varchar(32),
    merger_name varchar(512),
    code varchar(32) not null,
    zip_code varchar(6),
    city_code varchar(6),
    level smallint not null,
    pin_yin varchar(128),
    lng double precision,
    lat double precision,
    order_no integer not null default 100,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_region_code_uq on sys_region (code)`,
  `create index sys_region_pid_idx on sys_region (pid, order_no)`,
];

/** Rows per insert: 10 columns each, well under the 65,535 parameters of one statement. */
const BATCH = 2000;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
  const rows = datasetRegions().filter((r) => r.level <= 3);
  for (let i = 0; i < rows.length; i += BATCH) {
    await db
      .insertInto('sys_region')
      .values(
        rows.slice(i, i + BATCH).map((r) => ({
          id: r.id,
          pid: r.pid,
          name: r.name,
          short_name: r.shortName,
          merger_name: r.mergerName,
          code: r.code,
          city_code: r.cityCode,
          level: r.level,
          pin_yin: r.pinYin,
          order_no: r.orderNo,
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }
}
