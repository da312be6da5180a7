import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ThinkSplitter, type SplitPiece } from './think-splitter.js';

/** Feeds `text` cut at the given points and joins what comes out by kind. */
function split(text: string, cuts: number[]): { reasoning: string; content: string; pieces: SplitPiece[] } {
  const splitter = new ThinkSplitter();
  const pieces: SplitPiece[] = [];
  let from = 0;
  for (const cut of [...cuts].sort((a, b) => a - b)) {
    pieces.push(...splitter.push(text.slice(from, cut)));
    from = cut;
  }
  pieces.push(...splitter.push(text.slice(from)), ...splitter.flush());
  const join = (type: SplitPiece['type']) =>
    pieces
      .filter((p) => p.type === type)
      .map((p) => p.text)
      .join('');
  return { reasoning: join('reasoning'), content: join('content'), pieces };
}

const cases: [string, string, string][] = [
  ['<think>Move terms, then divide.</think>\n\nx = 2', 'Move terms, then divide.', 'x = 2'],
  ['\n <think>a<b</think>c</think>', 'a<b', 'c</think>'],
  ['<thought>plan</thought>answer', 'plan', 'answer'],
  ['no thinking here <think>kept</think>', '', 'no thinking here <think>kept</think>'],
  ['<think>never closed, all reasoning', 'never closed, all reasoning', ''],
  ['<thin', '', '<thin'],
  ['<think></think>', '', ''],
  ['<think>先移项，再把系数化为一。</think>答案：x = 2', '先移项，再把系数化为一。', '答案：x = 2'],
  ['<think>x</think>  \n', 'x', ''],
  ['plain answer', '', 'plain answer'],
  ['', '', ''],
];

describe('think splitter', () => {
  it('gives the same reasoning and content at every single and double split point', () => {
    for (const [text, reasoning, content] of cases) {
      for (let i = 0; i <= text.length; i++) {
        for (let j = i; j <= text.length; j++) {
          const got = split(text, [i, j]);
          expect(
            { reasoning: got.reasoning, content: got.content },
            `${JSON.stringify(text)} @${i},${j}`,
          ).toEqual({
            reasoning,
            content,
          });
          expect(got.pieces.every((p) => p.text.length > 0)).toBe(true);
        }
      }
    }
  });

  it('gives the same result one character at a time', () => {
    for (const [text, reasoning, content] of cases) {
      const got = split(
        text,
        [...text].map((_, i) => i),
      );
      expect([got.reasoning, got.content]).toEqual([reasoning, content]);
    }
  });

  it('does not depend on where arbitrary text is cut (property)', () => {
    const alphabet = fc.constantFrom(
      '<',
      '>',
      '/',
      't',
      'h',
      'i',
      'n',
      'k',
      'o',
      'u',
      'g',
      ' ',
      '\n',
      'x',
      '答',
    );
    const word = fc.oneof(
      fc.constantFrom('<think>', '</think>', '<thought>', '</thought>', '<thi', '</th'),
      fc.string({ unit: alphabet, maxLength: 6 }),
    );
    fc.assert(
      fc.property(
        fc.array(word, { maxLength: 8 }).map((words) => words.join('')),
        fc.array(fc.nat(), { maxLength: 6 }),
        (text, raw) => {
          const whole = split(text, []);
          const cut = split(
            text,
            raw.map((n) => n % (text.length + 1)),
          );
          expect([cut.reasoning, cut.content]).toEqual([whole.reasoning, whole.content]);
          // Nothing is lost but the tags and the blank start of an answer after its thinking.
          expect(whole.reasoning.length + whole.content.length).toBeLessThanOrEqual(text.length);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('streams reasoning as it comes, holding back only a possible closing tag', () => {
    const splitter = new ThinkSplitter();
    expect(splitter.push('<think>step one')).toEqual([{ type: 'reasoning', text: 'step one' }]);
    expect(splitter.push(' and two</th')).toEqual([{ type: 'reasoning', text: ' and two' }]);
    expect(splitter.push('ink>The answer')).toEqual([{ type: 'content', text: 'The answer' }]);
    expect(splitter.push(' is 4')).toEqual([{ type: 'content', text: ' is 4' }]);
    expect(splitter.flush()).toEqual([]);
  });
});
