import type { ColumnType, Generated } from 'kysely';
import type { AiAttachment } from '@lintel/contracts';
import type { Id } from '../../platform/db/tables/column-types.js';

/** The files a message carried (ai_chat_file rows, summarised), stored as JSON (written as its JSON text). */
export type AttachmentList = ColumnType<AiAttachment[], string | undefined, string>;

/** A chat of one user (0018_ai_chat), soft-deleted. */
export interface AiConversationTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  title: string;
  modelRowId: Id | null;
  pinned: Generated<boolean>;
  isDelete: Generated<boolean>;
  createTime: Generated<Date>;
  updateTime: ColumnType<Date, Date | undefined, Date>;
}

/** One turn of a chat: the user's question or the assistant's answer with its final status. */
export interface AiMessageTable {
  id: Id;
  tenantId: Id;
  conversationId: Id;
  parentMessageId: Id | null;
  role: 'user' | 'assistant';
  content: Generated<string>;
  reasoning: Generated<string>;
  reasoningMs: number | null;
  attachments: AttachmentList;
  model: string | null;
  promptTokens: number | null;
  completionTokens: number | null;
  status: 'preparing' | 'streaming' | 'done' | 'failed' | 'stopped';
  error: string | null;
  createTime: Generated<Date>;
}

/** An uploaded attachment: bytes in the file storage, extracted text for PDFs and text files. */
export interface AiChatFileTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  fileName: string;
  kind: 'image' | 'pdf' | 'text';
  contentType: string;
  size: number;
  storageKey: string;
  extractedText: string | null;
  truncated: Generated<boolean>;
  createTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    aiConversation: AiConversationTable;
    aiMessage: AiMessageTable;
    aiChatFile: AiChatFileTable;
  }
}
