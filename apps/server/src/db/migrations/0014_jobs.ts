import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Job scheduling (issue 11 "Jobs", Admin.NET's Sundial): platform-level tables, managed by the super
 * admin, so no tenant_id and no row-level security (the app role reaches them through platform()).
 *
 * - sys_job_detail: what runs (a built-in handler, or an HTTP call described by http_request).
 * - sys_job_trigger: when it runs; next_run_time is claimed by compare-and-set, so among several
 *   schedulers exactly one enqueues each fire.
 * - sys_job_trigger_record: one row per attempt of a run, with its duration and error.
 * - sys_job_cluster: the processes running the engine, with their heartbeat.
 * - sys_online_server: the heartbeat of each process holding realtime connections; the online-user
 *   cleanup job deletes sys_online_user rows of a process that stopped heartbeating.
 */
const statements = [
  `create table sys_job_detail (
    id bigint primary key,
    job_id varchar(64) not null unique,
    group_name varchar(64),
    job_type varchar(128) not null,
    description varchar(256),
    concurrent boolean not null default true,
    properties text,
    create_type smallint not null default 0,
    http_request jsonb,
    built_in boolean not null default false,
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create table sys_job_trigger (
    id bigint primary key,
    trigger_id varchar(64) not null unique,
    job_id varchar(64) not null references sys_job_detail(job_id) on delete cascade,
    kind varchar(16) not null,
    expression varchar(128),
    interval_ms bigint,
    run_at timestamptz,
    start_time timestamptz,
    end_time timestamptz,
    max_number_of_runs integer not null default 0,
    number_of_runs integer not null default 0,
    max_number_of_errors integer not null default 0,
    number_of_errors integer not null default 0,
    num_retries integer not null default 0,
    retry_timeout integer not null default 1000,
    status varchar(16) not null default 'ready',
    last_run_time timestamptz,
    next_run_time timestamptz,
    run_on_start boolean not null default false,
    description varchar(256),
    built_in boolean not null default false,
    create_time timestamptz not null default now(),
    update_time timestamptz
  )`,
  `create index sys_job_trigger_due_ix on sys_job_trigger (next_run_time) where status = 'ready'`,
  `create index sys_job_trigger_job_ix on sys_job_trigger (job_id)`,
  `create table sys_job_trigger_record (
    id bigint primary key,
    job_id varchar(64) not null,
    trigger_id varchar(64),
    fire_time timestamptz,
    attempt integer not null default 1,
    started_at timestamptz not null default now(),
    finished_at timestamptz,
    elapsed integer,
    status varchar(16) not null,
    result text,
    error text,
    node varchar(160) not null
  )`,
  `create index sys_job_trigger_record_job_ix on sys_job_trigger_record (job_id, started_at desc)`,
  `create index sys_job_trigger_record_time_ix on sys_job_trigger_record (started_at desc)`,
  `create index sys_job_trigger_record_running_ix on sys_job_trigger_record (job_id) where status = 'running'`,
  `create table sys_job_cluster (
    cluster_id varchar(160) primary key,
    host varchar(128) not null,
    pid integer not null,
    queue varchar(16) not null,
    status varchar(16) not null,
    started_at timestamptz not null default now(),
    heartbeat_at timestamptz not null default now()
  )`,
  `create table sys_online_server (
    server_id varchar(160) primary key,
    heartbeat_at timestamptz not null default now()
  )`,
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
