import { badRequest } from '../../platform/http/errors.js';

export const TITLE_MAX_LENGTH = 100;
/** A title made from the question when the model gives none: its first characters. */
export const FALLBACK_TITLE_LENGTH = 30;

export const aiChatPolicy = {
  /** SPEC 5: the title cannot be empty when renaming; it is trimmed and at most 100 characters. */
  renameTitle(title: string): string {
    const trimmed = title.trim();
    if (!trimmed) throw badRequest('aiChat.titleRequired');
    if ([...trimmed].length > TITLE_MAX_LENGTH)
      throw badRequest('aiChat.titleTooLong', { max: TITLE_MAX_LENGTH });
    return trimmed;
  },

  /** Images go to vision models only: another model would silently ignore them. */
  assertMayAttachImages(model: { name: string; vision: boolean }, imageCount: number): void {
    if (imageCount > 0 && !model.vision) throw badRequest('aiChat.visionRequired', { model: model.name });
  },

  /** The question's first characters on one line: the title when the model gives none. */
  fallbackTitle(question: string): string {
    const line = question.replace(/\s+/g, ' ').trim();
    const chars = [...line];
    return chars.length > FALLBACK_TITLE_LENGTH ? `${chars.slice(0, FALLBACK_TITLE_LENGTH).join('')}…` : line;
  },

  /** A model's title cleaned: one line, no quotes or trailing full stop, at most 100 characters. */
  cleanTitle(raw: string): string | null {
    const line = raw
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean);
    if (!line) return null;
    const clean = line
      .replace(/^(title|标题)\s*[:：]\s*/i, '')
      .replace(/^["'“”‘’「」《》*#\s]+|["'“”‘’「」《》*\s.。]+$/g, '')
      .trim();
    if (!clean) return null;
    return [...clean].slice(0, TITLE_MAX_LENGTH).join('');
  },
};
