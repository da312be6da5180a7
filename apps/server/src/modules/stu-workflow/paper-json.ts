/**
 * Similar questions come back from the model as a JSON array (prompts/practise.prompt.ts). Models
 * wrap it in a code fence or add a sentence around it, so the first `[` to the last `]` is taken;
 * each item must have a non-empty question and answer. What is wrong is said in words the retry
 * prompt can hand back to the model.
 */
export interface GeneratedQuestion {
  question: string;
  answer: string;
  knowledgePoint: string | null;
}

export type PaperParse = { ok: true; questions: GeneratedQuestion[] } | { ok: false; problem: string };

const text = (value: unknown) =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

export function parsePaperJson(raw: string, count: number): PaperParse {
  const start = raw.indexOf('[');
  const end = raw.lastIndexOf(']');
  if (start < 0 || end <= start) return { ok: false, problem: 'no JSON array found' };
  let value: unknown;
  try {
    value = JSON.parse(raw.slice(start, end + 1));
  } catch (error) {
    return { ok: false, problem: `invalid JSON (${(error as Error).message})` };
  }
  if (!Array.isArray(value)) return { ok: false, problem: 'not an array' };
  const questions: GeneratedQuestion[] = [];
  for (const [index, item] of value.entries()) {
    const row = (item ?? {}) as Record<string, unknown>;
    const question = text(row.question);
    const answer = text(row.answer);
    if (!question || !answer) return { ok: false, problem: `item ${index + 1} lacks "question" or "answer"` };
    const point = text(row.knowledgePoint);
    questions.push({
      question: question.slice(0, 4000),
      answer: answer.slice(0, 1000),
      knowledgePoint: point ? point.slice(0, 64) : null,
    });
  }
  if (questions.length < count)
    return { ok: false, problem: `${questions.length} questions instead of ${count}` };
  return { ok: true, questions: questions.slice(0, count) };
}
