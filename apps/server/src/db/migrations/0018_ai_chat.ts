import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Chat with AI (issue 12), all tenant-owned and private to their user:
 * - ai_conversation: one chat, soft-deleted (is_delete), its title and the model row it last used.
 * - ai_message: a turn, with parent_message_id so branches can come later; the assistant's reasoning
 *   is stored for display only and never sent back to the model. `status` is preparing, streaming,
 *   done, failed or stopped; `attachments` lists the ai_chat_file rows the message carried.
 * - ai_chat_file: an uploaded attachment (bytes in the file storage), with the text extracted from a
 *   PDF or text file, so a later turn does not parse it again.
 */
const statements = [
  `create table ai_conversation (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    title varchar(100) not null,
    model_row_id bigint,
    pinned boolean not null default false,
    is_delete boolean not null default false,
    create_time timestamptz not null default now(),
    update_time timestamptz not null default now()
  )`,
  `create index ai_conversation_user_ix on ai_conversation (tenant_id, user_id, update_time desc) where not is_delete`,
  ...tenantOwned('ai_conversation'),
  `create table ai_message (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    conversation_id bigint not null references ai_conversation(id),
    parent_message_id bigint,
    role varchar(16) not null,
    content text not null default '',
    reasoning text not null default '',
    reasoning_ms integer,
    attachments jsonb not null default '[]',
    model varchar(128),
    prompt_tokens integer,
    completion_tokens integer,
    status varchar(16) not null,
    error text,
    create_time timestamptz not null default now()
  )`,
  `create index ai_message_conversation_ix on ai_message (conversation_id, create_time, id)`,
  ...tenantOwned('ai_message'),
  `create table ai_chat_file (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null,
    file_name varchar(256) not null,
    kind varchar(8) not null,
    content_type varchar(64) not null,
    size integer not null,
    storage_key varchar(512) not null,
    extracted_text text,
    truncated boolean not null default false,
    create_time timestamptz not null default now()
  )`,
  ...tenantOwned('ai_chat_file'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
