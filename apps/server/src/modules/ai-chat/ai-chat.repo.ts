import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { AiChatFileTable, AiConversationTable, AiMessageTable } from './ai-chat.table.js';

export type Conversation = Selectable<AiConversationTable>;
export type Message = Selectable<AiMessageTable>;
export type ChatFile = Selectable<AiChatFileTable>;

/** The most conversations the history lists (newest first). */
export const CONVERSATION_LIST_LIMIT = 500;

/**
 * SQL of the chat. Every read of a conversation names its user: another user's chat (same tenant;
 * row-level security already keeps tenants apart) is simply not found.
 */
export class AiChatRepo {
  listConversations(trx: Trx, userId: string) {
    return trx
      .selectFrom('aiConversation')
      .selectAll()
      .where('userId', '=', userId)
      .where('isDelete', '=', false)
      .orderBy('pinned', 'desc')
      .orderBy('updateTime', 'desc')
      .orderBy('id', 'desc')
      .limit(CONVERSATION_LIST_LIMIT)
      .execute();
  }

  findConversation(trx: Trx, userId: string, id: string) {
    return trx
      .selectFrom('aiConversation')
      .selectAll()
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('isDelete', '=', false)
      .executeTakeFirst();
  }

  async insertConversation(trx: Trx, row: Insertable<AiConversationTable>) {
    await trx.insertInto('aiConversation').values(row).execute();
  }

  async updateConversation(trx: Trx, userId: string, id: string, patch: Updateable<AiConversationTable>) {
    const result = await trx
      .updateTable('aiConversation')
      .set(patch)
      .where('id', '=', id)
      .where('userId', '=', userId)
      .where('isDelete', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  messages(trx: Trx, conversationId: string) {
    return trx
      .selectFrom('aiMessage')
      .selectAll()
      .where('conversationId', '=', conversationId)
      .orderBy('createTime', 'asc')
      .orderBy('id', 'asc')
      .execute();
  }

  async insertMessage(trx: Trx, row: Insertable<AiMessageTable>) {
    await trx.insertInto('aiMessage').values(row).execute();
  }

  async updateMessage(trx: Trx, id: string, patch: Updateable<AiMessageTable>) {
    await trx.updateTable('aiMessage').set(patch).where('id', '=', id).execute();
  }

  /** An answer's first words arrived: preparing → streaming (never over a final status). */
  async markStreaming(trx: Trx, id: string) {
    await trx
      .updateTable('aiMessage')
      .set({ status: 'streaming' })
      .where('id', '=', id)
      .where('status', '=', 'preparing')
      .execute();
  }

  async deleteMessage(trx: Trx, id: string) {
    await trx.deleteFrom('aiMessage').where('id', '=', id).execute();
  }

  async insertFile(trx: Trx, row: Insertable<AiChatFileTable>) {
    await trx.insertInto('aiChatFile').values(row).execute();
  }

  /** The caller's own uploads among `ids` (another user's file id finds nothing). */
  files(trx: Trx, userId: string, ids: readonly string[]) {
    if (ids.length === 0) return Promise.resolve([] as ChatFile[]);
    return trx
      .selectFrom('aiChatFile')
      .selectAll()
      .where('userId', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }
}
