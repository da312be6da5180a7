import { describe, expect, it } from 'vitest';
import type { ChatFile, Message } from './ai-chat.repo.js';
import { aiChatPolicy } from './ai-chat.policy.js';
import { buildTurn, HISTORY_MAX_CHARS, SYSTEM_PROMPT, userMessage } from './chat-history.js';
import { truncateText, EXTRACT_MAX_CHARS } from './chat-files.js';

let next = 1;
function message(role: 'user' | 'assistant', content: string, over: Partial<Message> = {}): Message {
  return {
    id: String(next++),
    tenantId: '1',
    conversationId: '1',
    parentMessageId: null,
    role,
    content,
    reasoning: '',
    reasoningMs: null,
    attachments: [],
    model: null,
    promptTokens: null,
    completionTokens: null,
    status: 'done',
    error: null,
    createTime: new Date(),
    ...over,
  };
}
const file = (over: Partial<ChatFile>): ChatFile => ({
  id: '9',
  tenantId: '1',
  userId: '1',
  fileName: 'notes.txt',
  kind: 'text',
  contentType: 'text/plain',
  size: 5,
  storageKey: 'k',
  extractedText: 'hello',
  truncated: false,
  createTime: new Date(),
  ...over,
});

describe('buildTurn', () => {
  it('sends the system prompt, the earlier turns without reasoning or failed answers, and the new question', () => {
    const earlier = [
      message('user', 'Q1'),
      message('assistant', 'A1', { reasoning: 'secret thoughts' }),
      message('user', 'Q2'),
      message('assistant', 'half', { status: 'failed', error: 'boom' }),
      message('user', 'Q3'),
      message('assistant', 'partial', { status: 'stopped' }),
    ];
    const turn = buildTurn(earlier, new Map(), { role: 'user', content: 'Q4' });
    expect(turn).toEqual([
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'A1' },
      { role: 'user', content: 'Q2' },
      { role: 'user', content: 'Q3' },
      { role: 'assistant', content: 'partial' },
      { role: 'user', content: 'Q4' },
    ]);
    expect(JSON.stringify(turn)).not.toContain('secret');
  });

  it('drops the oldest turns beyond the size limit, never starting with an answer', () => {
    const big = 'x'.repeat(HISTORY_MAX_CHARS / 2);
    const earlier = [
      message('user', 'old question'),
      message('assistant', big),
      message('user', big),
      message('assistant', 'short'),
    ];
    const turn = buildTurn(earlier, new Map(), { role: 'user', content: 'now' });
    expect(turn.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(turn[1]!.content).toBe(big);
  });

  it('gives earlier files as their text and earlier images as a note', () => {
    const earlier = [
      message('user', 'Read these', {
        attachments: [
          { id: '9', fileName: 'notes.txt', kind: 'text', size: 5, truncated: false },
          { id: '8', fileName: 'graph.png', kind: 'image', size: 100, truncated: false },
        ],
      }),
      message('assistant', 'Done'),
    ];
    const turn = buildTurn(earlier, new Map([['9', file({})]]), { role: 'user', content: 'And?' });
    expect(turn[1]!.content).toContain('Attached file "notes.txt":\n```\nhello\n```');
    expect(turn[1]!.content).toContain('[Image attached: graph.png]');
  });
});

describe('userMessage', () => {
  it('is plain text without images, and text plus image parts with them', () => {
    expect(userMessage('Q', [{ file: file({ truncated: true }) }])).toEqual({
      role: 'user',
      content: 'Q\n\nAttached file "notes.txt" (truncated: only the beginning is included):\n```\nhello\n```',
    });
    const withImage = userMessage('What is it?', [
      { file: file({ id: '8', kind: 'image', fileName: 'a.png' }), dataUrl: 'data:image/png;base64,AA==' },
    ]);
    expect(withImage.content).toEqual([
      { type: 'text', text: 'What is it?' },
      { type: 'image', url: 'data:image/png;base64,AA==' },
    ]);
  });
});

describe('titles and text limits', () => {
  it('makes a one-line title of at most 30 characters from the question', () => {
    expect(aiChatPolicy.fallbackTitle('  Solve\n 2x + 3 = 7  ')).toBe('Solve 2x + 3 = 7');
    expect(aiChatPolicy.fallbackTitle('a'.repeat(40))).toBe(`${'a'.repeat(30)}…`);
    expect(aiChatPolicy.fallbackTitle('一二三四五六七八九十'.repeat(4))).toHaveLength(31);
  });

  it('cleans a model title: first line, no label, quotes or full stop', () => {
    expect(aiChatPolicy.cleanTitle('"Linear equations."\nmore')).toBe('Linear equations');
    expect(aiChatPolicy.cleanTitle('Title: **Fractions**')).toBe('Fractions');
    expect(aiChatPolicy.cleanTitle('标题：《一元一次方程》。')).toBe('一元一次方程');
    expect(aiChatPolicy.cleanTitle('  \n ')).toBeNull();
  });

  it('refuses an empty or too long rename and trims a good one', () => {
    expect(() => aiChatPolicy.renameTitle('  ')).toThrow('aiChat.titleRequired');
    expect(() => aiChatPolicy.renameTitle('x'.repeat(101))).toThrow('aiChat.titleTooLong');
    expect(aiChatPolicy.renameTitle(' ok ')).toBe('ok');
  });

  it('cuts long extracted text at a line end and says so', () => {
    const text = 'line of text\n'.repeat(3000);
    const cut = truncateText(text);
    expect(cut.truncated).toBe(true);
    expect(cut.text.length).toBeLessThanOrEqual(EXTRACT_MAX_CHARS);
    expect(cut.text.endsWith('line of text')).toBe(true);
    expect(truncateText('short\r\n')).toEqual({ text: 'short', truncated: false });
  });
});
