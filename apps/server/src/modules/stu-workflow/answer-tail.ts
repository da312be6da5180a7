/**
 * The marker lines the prompt templates ask for at the end of an answer (prompts/solve.prompt.ts,
 * check.prompt.ts): `【答案】…`, `【知识点】…`, `【判定】正确|错误`. Models differ in punctuation, so
 * the ASCII brackets, a trailing colon, Markdown bold and the English words are accepted too; the
 * last occurrence wins (a model may quote the format earlier in its explanation).
 */

const marker = (words: string[]) =>
  new RegExp(
    String.raw`^[ \t>*_-]*(?:【|\[)?\s*(?:${words.join('|')})\s*(?:】|\])?\s*[:：]?\s*\**\s*(.+?)\s*\**\s*$`,
    'gimu',
  );

const ANSWER = marker(['答案', '最终答案', 'final answer', 'answer']);
const POINT = marker(['知识点', 'knowledge point']);
const VERDICT = marker(['判定', 'verdict']);

function last(pattern: RegExp, text: string): string | null {
  let found: string | null = null;
  for (const match of text.matchAll(pattern)) found = match[1]!.trim();
  return found ? stripMath(found) : null;
}

/** `$x = 2$` → `x = 2`: the bank stores the answer as the student would type it. */
const stripMath = (value: string) => value.replace(/^\$+\s*|\s*\$+$/g, '').trim();

export interface SolveTail {
  answer: string | null;
  knowledgePoint: string | null;
}

export function parseSolveTail(text: string): SolveTail {
  const point = last(POINT, text);
  return { answer: last(ANSWER, text), knowledgePoint: point ? point.slice(0, 64) : null };
}

/** true / false from the verdict line; null when the model wrote none. */
export function parseVerdict(text: string): boolean | null {
  const verdict = last(VERDICT, text);
  if (!verdict) return null;
  if (/^(正确|對|对|correct|right|true|yes)/iu.test(verdict)) return true;
  if (/^(错误|錯誤|错|錯|incorrect|wrong|false|no)/iu.test(verdict)) return false;
  return null;
}

/**
 * Two answers that are the same once spacing, case, full-width forms, a trailing full stop and
 * math delimiters are set aside (used for paper grading and as a floor under the model's verdict).
 */
export function sameAnswer(a: string, b: string): boolean {
  const norm = (s: string) =>
    stripMath(s.normalize('NFKC'))
      .toLowerCase()
      .replace(/[\s$]/g, '')
      .replace(/[.。]$/, '');
  const left = norm(a);
  const right = norm(b);
  if (left === '' || right === '') return false;
  if (left === right) return true;
  const number = (s: string) => (/^[-+]?\d+(?:\.\d+)?$/.test(s) ? Number(s) : NaN);
  const [x, y] = [number(left.replace(/^[a-z]=/, '')), number(right.replace(/^[a-z]=/, ''))];
  return !Number.isNaN(x) && x === y;
}
