import type {
  AiAttachment,
  AiChatMessage,
  AiChatModel,
  AiChatRegenerateInput,
  AiChatStreamInput,
  AiConversation,
  Locale,
} from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { fileStorageFor, type FileStorage } from '../../platform/files/file-storage.js';
import { newStoredName } from '../../platform/files/upload-names.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { beginAiRequest, openChatModel, usableModels } from '../ai-provider/ai-access.js';
import { aiChatPolicy } from './ai-chat.policy.js';
import { AiChatRepo, type ChatFile, type Conversation, type Message } from './ai-chat.repo.js';
import { extractText, type CheckedUpload } from './chat-files.js';
import { buildTurn, userMessage, type FileContent } from './chat-history.js';
import { runTurn, type PreparedTurn, type RunningTurn } from './chat-turn.js';

const toConversation = (row: Conversation): AiConversation => ({
  id: row.id,
  title: row.title,
  modelRowId: row.modelRowId,
  pinned: row.pinned,
  createTime: formatIso(row.createTime),
  updateTime: formatIso(row.updateTime),
});

const toMessage = (row: Message): AiChatMessage => ({
  id: row.id,
  conversationId: row.conversationId,
  parentMessageId: row.parentMessageId,
  role: row.role,
  content: row.content,
  reasoning: row.reasoning,
  reasoningMs: row.reasoningMs,
  attachments: row.attachments,
  model: row.model,
  promptTokens: row.promptTokens,
  completionTokens: row.completionTokens,
  status: row.status,
  error: row.error,
  createTime: formatIso(row.createTime),
});

const toAttachment = (file: ChatFile): AiAttachment => ({
  id: file.id,
  fileName: file.fileName,
  kind: file.kind,
  size: file.size,
  truncated: file.truncated,
});

/**
 * Chat with AI: each user's own conversations (another user's id is not found, whatever their
 * role), streamed turns on the tenant's models, titles from the first exchange, attachments.
 */
export class AiChatService {
  private readonly repo = new AiChatRepo();
  private readonly storage: FileStorage;

  constructor(private readonly ctx: AppContext) {
    this.storage = fileStorageFor(ctx.config);
  }

  models(principal: Principal): Promise<AiChatModel[]> {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await usableModels(trx)).map(({ id, name, modelId, reasoning, vision, isDefault }) => ({
        id,
        name,
        modelId,
        reasoning,
        vision,
        isDefault,
      })),
    );
  }

  list(principal: Principal): Promise<AiConversation[]> {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.listConversations(trx, principal.userId)).map(toConversation),
    );
  }

  messages(principal: Principal, conversationId: string): Promise<AiChatMessage[]> {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.ownConversation(trx, principal, conversationId);
      return (await this.repo.messages(trx, conversationId)).map(toMessage);
    });
  }

  async rename(principal: Principal, id: string, title: string): Promise<void> {
    const clean = aiChatPolicy.renameTitle(title);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.updateConversation(trx, principal.userId, id, { title: clean })))
        throw notFound();
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.updateConversation(trx, principal.userId, id, { isDelete: true })))
        throw notFound();
    });
  }

  /** Stores an attachment for the caller's next message: the bytes, and the text of a PDF or text file. */
  async upload(principal: Principal, upload: CheckedUpload): Promise<AiAttachment> {
    const extracted = await extractText(upload);
    const id = newId();
    const key = `${principal.tenantId}/aichat/${newStoredName(upload.suffix)}`;
    await this.storage.save(key, upload.data);
    const row = {
      id,
      tenantId: principal.tenantId,
      userId: principal.userId,
      fileName: upload.fileName.slice(0, 256) || `file.${upload.suffix}`,
      kind: upload.kind,
      contentType: upload.contentType,
      size: upload.data.length,
      storageKey: key,
      extractedText: extracted?.text ?? null,
      truncated: extracted?.truncated ?? false,
    };
    try {
      await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.insertFile(trx, row));
    } catch (error) {
      await this.storage.remove(key).catch(() => undefined);
      throw error;
    }
    return toAttachment({ ...row, createTime: new Date() });
  }

  /**
   * A new turn: checks the limits, the conversation (created when absent), the model and the
   * attachments, stores the question and an empty answer (preparing), then starts the model. What
   * fails here is an ordinary JSON error; once this returns, failures arrive as stream events.
   */
  async stream(principal: Principal, input: AiChatStreamInput, locale: Locale): Promise<RunningTurn> {
    await beginAiRequest(this.ctx, principal);
    // Reads first; the writes run beside the model's first bytes (time to first token), and the turn
    // fails cleanly, aborting the model, if they do not land.
    const prepared = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const existing = input.conversationId
        ? await this.ownConversation(trx, principal, input.conversationId)
        : undefined;
      const { provider, model } = await openChatModel(
        this.ctx,
        trx,
        principal,
        input.modelId ?? existing?.modelRowId ?? null,
      );
      const files = await this.repo.files(trx, principal.userId, input.attachmentIds ?? []);
      if (files.length !== (input.attachmentIds ?? []).length) throw badRequest('aiChat.attachmentMissing');
      aiChatPolicy.assertMayAttachImages(model, files.filter((f) => f.kind === 'image').length);
      // Read before anything is written: a file gone from the storage refuses the turn cleanly.
      const contents = await this.fileContents(files);
      const earlier = existing ? await this.repo.messages(trx, existing.id) : [];
      const earlierFiles = await this.historyFiles(trx, principal, earlier);
      return { provider, model, existing, files, contents, earlier, earlierFiles };
    });
    const { model, existing, earlier } = prepared;
    const conversationId = existing?.id ?? newId();
    const userMessageId = newId();
    const assistantMessageId = newId();

    const stored = this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!existing)
        await this.repo.insertConversation(trx, {
          id: conversationId,
          tenantId: principal.tenantId,
          userId: principal.userId,
          title: aiChatPolicy.fallbackTitle(input.content),
          modelRowId: model.id,
          updateTime: new Date(),
        });
      else
        await this.repo.updateConversation(trx, principal.userId, conversationId, { modelRowId: model.id });
      await this.repo.insertMessage(trx, {
        id: userMessageId,
        tenantId: principal.tenantId,
        conversationId,
        parentMessageId: earlier.at(-1)?.id ?? null,
        role: 'user',
        content: input.content,
        attachments: JSON.stringify(prepared.files.map(toAttachment)),
        model: null,
        reasoningMs: null,
        promptTokens: null,
        completionTokens: null,
        status: 'done',
        error: null,
      });
      await this.insertAnswer(
        trx,
        principal,
        conversationId,
        assistantMessageId,
        userMessageId,
        model.modelId,
      );
    });

    const current = userMessage(input.content, prepared.contents);
    const turn: PreparedTurn = {
      principal,
      locale,
      provider: prepared.provider,
      model,
      conversationId,
      userMessageId,
      assistantMessageId,
      messages: buildTurn(earlier, prepared.earlierFiles, current),
      thinking: (input.thinking ?? false) && model.reasoning,
      needsTitle: !existing,
      question: input.content,
      stored,
    };
    return runTurn(this.ctx, turn);
  }

  /**
   * Answers the last question again: the last answer is replaced by a new one (same question,
   * possibly another model or thinking setting).
   */
  async regenerate(principal: Principal, input: AiChatRegenerateInput, locale: Locale): Promise<RunningTurn> {
    await beginAiRequest(this.ctx, principal);
    const prepared = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const conversation = await this.ownConversation(trx, principal, input.conversationId);
      const all = await this.repo.messages(trx, conversation.id);
      let last = all.length - 1;
      if (all[last]?.role === 'assistant') last--;
      const question = all[last];
      if (!question || question.role !== 'user') throw badRequest('aiChat.nothingToRegenerate');
      const { provider, model } = await openChatModel(
        this.ctx,
        trx,
        principal,
        input.modelId ?? conversation.modelRowId ?? null,
      );
      const files = await this.repo.files(
        trx,
        principal.userId,
        question.attachments.map((a) => a.id),
      );
      aiChatPolicy.assertMayAttachImages(model, files.filter((f) => f.kind === 'image').length);
      const contents = await this.fileContents(files);
      for (const old of all.slice(last + 1)) await this.repo.deleteMessage(trx, old.id);
      await this.repo.updateConversation(trx, principal.userId, conversation.id, { modelRowId: model.id });
      const earlier = all.slice(0, last);
      const earlierFiles = await this.historyFiles(trx, principal, earlier);
      const assistantMessageId = newId();
      await this.insertAnswer(
        trx,
        principal,
        conversation.id,
        assistantMessageId,
        question.id,
        model.modelId,
      );
      // A chat whose first answer failed still carries its stand-in title: this answer may name it.
      const needsTitle = earlier.length === 0;
      return {
        provider,
        model,
        conversation,
        question,
        contents,
        earlier,
        earlierFiles,
        assistantMessageId,
        needsTitle,
      };
    });
    const current = userMessage(prepared.question.content, prepared.contents);
    return runTurn(this.ctx, {
      principal,
      locale,
      provider: prepared.provider,
      model: prepared.model,
      conversationId: prepared.conversation.id,
      userMessageId: prepared.question.id,
      assistantMessageId: prepared.assistantMessageId,
      messages: buildTurn(prepared.earlier, prepared.earlierFiles, current),
      thinking: (input.thinking ?? false) && prepared.model.reasoning,
      needsTitle: prepared.needsTitle,
      question: prepared.question.content,
      // Written in the transaction above, before the model is asked.
      stored: Promise.resolve(),
    });
  }

  private async ownConversation(trx: Trx, principal: Principal, id: string): Promise<Conversation> {
    const row = await this.repo.findConversation(trx, principal.userId, id);
    if (!row) throw notFound();
    return row;
  }

  private insertAnswer(
    trx: Trx,
    principal: Principal,
    conversationId: string,
    id: string,
    parentMessageId: string,
    model: string,
  ) {
    return this.repo.insertMessage(trx, {
      id,
      tenantId: principal.tenantId,
      conversationId,
      parentMessageId,
      role: 'assistant',
      attachments: '[]',
      model,
      reasoningMs: null,
      promptTokens: null,
      completionTokens: null,
      status: 'preparing',
      error: null,
    });
  }

  /** The files earlier messages carried (for their extracted text in the history). */
  private async historyFiles(trx: Trx, principal: Principal, earlier: Message[]) {
    const ids = [...new Set(earlier.flatMap((m) => m.attachments.map((a) => a.id)))];
    const files = await this.repo.files(trx, principal.userId, ids);
    return new Map(files.map((f) => [f.id, f]));
  }

  /** The current message's files: images read back as data URLs for the vision model. */
  private async fileContents(files: ChatFile[]): Promise<FileContent[]> {
    return Promise.all(
      files.map(async (file) => {
        if (file.kind !== 'image') return { file };
        const data = await this.storage.read(file.storageKey);
        if (!data) throw badRequest('aiChat.attachmentMissing');
        return { file, dataUrl: `data:${file.contentType};base64,${data.toString('base64')}` };
      }),
    );
  }
}
