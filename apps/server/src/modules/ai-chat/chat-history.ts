import type { AiContentPart, AiMessage } from '../../platform/ai/types.js';
import type { ChatFile, Message } from './ai-chat.repo.js';

/** The most earlier messages sent with a turn, and the most characters they may hold together. */
export const HISTORY_MAX_MESSAGES = 40;
export const HISTORY_MAX_CHARS = 60_000;

export const SYSTEM_PROMPT =
  'You are a helpful study assistant. Answer in the language of the question. Use Markdown; write ' +
  'mathematics in LaTeX between $ … $ (inline) or $$ … $$ (display).';

/** A file's bytes for an image, or its extracted text, as the turn's builder needs it. */
export interface FileContent {
  file: ChatFile;
  /** `data:` URL of an image (only read for the message being answered). */
  dataUrl?: string;
}

/** The extracted text of a PDF or text file, as context the model can read. */
export function fileContext(file: ChatFile): string {
  const note = file.truncated ? ' (truncated: only the beginning is included)' : '';
  return `Attached file "${file.fileName}"${note}:\n\`\`\`\n${file.extractedText ?? ''}\n\`\`\``;
}

/**
 * The user message of a turn: its text, the extracted text of its PDF and text files, and its
 * images as `image` parts (for a vision model; the caller refused images to other models).
 */
export function userMessage(content: string, files: FileContent[]): AiMessage {
  const texts = files.filter((f) => f.file.kind !== 'image').map((f) => fileContext(f.file));
  const text = [content, ...texts].join('\n\n');
  const images = files.filter((f) => f.file.kind === 'image' && f.dataUrl);
  if (images.length === 0) return { role: 'user', content: text };
  const parts: AiContentPart[] = [
    { type: 'text', text },
    ...images.map((f) => ({ type: 'image' as const, url: f.dataUrl! })),
  ];
  return { role: 'user', content: parts };
}

/**
 * What the model is sent for a turn: the system prompt, the conversation so far and the new user
 * message. Earlier answers go back as their content only: stored reasoning is display-only, and
 * failed answers (nothing, or an error) are left out. Earlier attachments go as their extracted
 * text, earlier images as a note (sending every past image again on each turn would cost more than
 * it helps). The oldest messages are dropped to stay within the history limits.
 */
export function buildTurn(
  earlier: Message[],
  filesById: ReadonlyMap<string, ChatFile>,
  current: AiMessage,
): AiMessage[] {
  const past: AiMessage[] = [];
  for (const message of earlier) {
    if (message.role === 'assistant') {
      if (message.status === 'failed' || !message.content) continue;
      past.push({ role: 'assistant', content: message.content });
      continue;
    }
    const extra = message.attachments.map((a) => {
      const file = filesById.get(a.id);
      if (a.kind === 'image' || !file) return `[Image attached: ${a.fileName}]`;
      return fileContext(file);
    });
    past.push({ role: 'user', content: [message.content, ...extra].join('\n\n') });
  }
  const kept: AiMessage[] = [];
  let chars = 0;
  for (let i = past.length - 1; i >= 0 && kept.length < HISTORY_MAX_MESSAGES; i--) {
    const size = (past[i]!.content as string).length;
    if (chars + size > HISTORY_MAX_CHARS) break;
    chars += size;
    kept.unshift(past[i]!);
  }
  // A model expects the history to start with a question, not an answer cut from its question.
  while (kept[0]?.role === 'assistant') kept.shift();
  return [{ role: 'system', content: SYSTEM_PROMPT }, ...kept, current];
}
