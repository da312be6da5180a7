import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64),
  create_org_id bigint,
  create_org_name varchar(64)`;

/**
 * The AI study assistant (issue 12), all tenant-owned:
 * - ai_workflow_config: a Dify workflow per grade + subject + kind (SPEC "Workflow config"; `order_type`
 *   is solve / analyse / practise; `code` is the Dify app key, sealed by platform/crypto/secret-box).
 * - ai_prompt_override: a tenant's own text for one kind's prompt template (the defaults live in the repo).
 * - stu_question_bank: one attempt at a question (SPEC "Question bank record"), soft-deleted.
 * - stu_paper: a generated paper of similar questions, its answers and grade.
 * - ai_workflow_run: a solve / check run, kept so a long Dify run finishes and is stored after the
 *   browser went away (SPEC "async workflow result").
 */
const statements = [
  `create table ai_workflow_config (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    grade varchar(32),
    subject varchar(32),
    order_type varchar(16) not null,
    base_url varchar(512) not null,
    work_flow_id varchar(128),
    code text not null,
    name varchar(64) not null,
    description varchar(512),
    order_no integer not null default 100,
    is_delete boolean not null default false,
    ${audit}
  )`,
  `create index ai_workflow_config_pick_ix on ai_workflow_config (tenant_id, order_type) where not is_delete`,
  ...tenantOwned('ai_workflow_config'),
  `create table ai_prompt_override (
    tenant_id bigint not null references sys_tenant(id),
    kind varchar(16) not null,
    template text not null,
    version integer not null,
    ${audit},
    primary key (tenant_id, kind)
  )`,
  ...tenantOwned('ai_prompt_override'),
  `create table stu_question_bank (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    student_name varchar(64),
    grade varchar(32),
    subject varchar(32),
    question text not null,
    student_answer text,
    correct_answer text,
    is_correct boolean,
    other_stem text,
    code varchar(16),
    name varchar(128),
    description text,
    knowledge_point varchar(64),
    paper_id bigint,
    is_delete boolean not null default false,
    ${audit}
  )`,
  `create index stu_question_bank_user_ix on stu_question_bank (tenant_id, create_user_id, create_time desc) where not is_delete`,
  `create index stu_question_bank_org_ix on stu_question_bank (tenant_id, create_org_id, create_time desc) where not is_delete`,
  ...tenantOwned('stu_question_bank'),
  `create table stu_paper (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    title varchar(128) not null,
    grade varchar(32),
    subject varchar(32),
    knowledge_point varchar(64),
    source_record_id bigint,
    status varchar(16) not null default 'open',
    questions jsonb not null,
    correct_count integer,
    submit_time timestamptz,
    ${audit}
  )`,
  `create index stu_paper_user_ix on stu_paper (tenant_id, create_user_id, create_time desc)`,
  ...tenantOwned('stu_paper'),
  `create table ai_workflow_run (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    kind varchar(16) not null,
    engine varchar(8) not null,
    status varchar(16) not null default 'running',
    content text not null default '',
    outputs jsonb,
    error text,
    record_id bigint,
    create_time timestamptz not null default now(),
    finish_time timestamptz
  )`,
  `create index ai_workflow_run_user_ix on ai_workflow_run (tenant_id, user_id, create_time desc)`,
  ...tenantOwned('ai_workflow_run'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
