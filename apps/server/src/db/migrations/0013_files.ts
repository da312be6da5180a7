import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The file centre (issue 11): sys_file gets Admin.NET's SysFile fields beside the columns of
 * 0003_schedule_file. `file_alias` is the name shown and renamed (the stored file keeps its random
 * name), `folder` the tenant's folder path (`''` is the top), `file_type` a free category,
 * `is_public` serves the file to anyone with its address, `data_id` ties it to a business record,
 * `file_md5` the content's digest and `bucket_name` the S3 bucket it went to. The table keeps its
 * row-level security (0003). Logos were always public: their records now say so.
 */
const statements = [
  `alter table sys_file
    add column bucket_name varchar(128),
    add column file_alias varchar(256),
    add column file_type varchar(64),
    add column folder varchar(256) not null default '',
    add column is_public boolean not null default false,
    add column data_id bigint,
    add column file_md5 char(32)`,
  `update sys_file set is_public = true where kind = 'logo'`,
  `create index sys_file_tenant_folder_ix on sys_file (tenant_id, folder)`,
  `create index sys_file_tenant_time_ix on sys_file (tenant_id, create_time desc, id desc)`,
  `create unique index sys_file_storage_path_ux on sys_file (storage_path)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
