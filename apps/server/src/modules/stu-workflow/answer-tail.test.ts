import { describe, expect, it } from 'vitest';
import { parseSolveTail, parseVerdict, sameAnswer } from './answer-tail.js';
import { parsePaperJson } from './paper-json.js';
import { studyStats, weekOf } from './study-stats.js';

describe('answer tail', () => {
  it('reads the last answer and knowledge point lines in their usual spellings', () => {
    expect(parseSolveTail('移项得 2x = 4。\n【答案】x = 2\n【知识点】一元一次方程')).toEqual({
      answer: 'x = 2',
      knowledgePoint: '一元一次方程',
    });
    expect(
      parseSolveTail('Format: 【答案】...\n\n**Answer:** $x=3$\n[Knowledge point]: linear equations'),
    ).toEqual({
      answer: 'x=3',
      knowledgePoint: 'linear equations',
    });
    expect(parseSolveTail('no markers here')).toEqual({ answer: null, knowledgePoint: null });
  });

  it('reads the verdict', () => {
    expect(parseVerdict('步骤正确。\n【判定】正确')).toBe(true);
    expect(parseVerdict('【判定】错误')).toBe(false);
    expect(parseVerdict('Verdict: incorrect')).toBe(false);
    expect(parseVerdict('nothing')).toBeNull();
  });

  it('compares answers as a student would write them', () => {
    expect(sameAnswer('x = 2', 'x=2')).toBe(true);
    expect(sameAnswer('２', '2.0')).toBe(true);
    expect(sameAnswer('x=2', '2')).toBe(true);
    expect(sameAnswer('B', 'b')).toBe(true);
    expect(sameAnswer('3', '2')).toBe(false);
    expect(sameAnswer('', '')).toBe(false);
  });
});

describe('paper JSON', () => {
  it('takes the array out of a fenced answer and checks every item', () => {
    const raw =
      'Here:\n```json\n[{"question":"1+1","answer":"2","knowledgePoint":"加法"},{"question":"2+2","answer":4}]\n```';
    expect(parsePaperJson(raw, 2)).toEqual({
      ok: true,
      questions: [
        { question: '1+1', answer: '2', knowledgePoint: '加法' },
        { question: '2+2', answer: '4', knowledgePoint: null },
      ],
    });
    expect(parsePaperJson(raw, 3)).toEqual({ ok: false, problem: '2 questions instead of 3' });
    expect(parsePaperJson('[{"question":"x"}]', 1)).toEqual({
      ok: false,
      problem: 'item 1 lacks "question" or "answer"',
    });
    expect(parsePaperJson('sorry', 1)).toEqual({ ok: false, problem: 'no JSON array found' });
    expect(parsePaperJson('[{"question": }]', 1).ok).toBe(false);
  });
});

describe('study statistics', () => {
  it('counts accuracy over checked answers, weak points and weeks', () => {
    const at = (day: string) => new Date(`${day}T10:00:00Z`);
    const stats = studyStats([
      { subject: '数学', knowledgePoint: '方程', isCorrect: true, createTime: at('2026-11-02') },
      { subject: '数学', knowledgePoint: '方程', isCorrect: false, createTime: at('2026-11-04') },
      { subject: '数学', knowledgePoint: '函数', isCorrect: false, createTime: at('2026-11-10') },
      { subject: '物理', knowledgePoint: null, isCorrect: null, createTime: at('2026-11-11') },
    ]);
    expect(stats).toMatchObject({ total: 4, checked: 3, correct: 1, accuracy: 0.3333 });
    expect(stats.weakPoints.map((p) => [p.knowledgePoint, p.wrong, p.accuracy])).toEqual([
      ['函数', 1, 0],
      ['方程', 1, 0.5],
    ]);
    expect(stats.byKnowledgePoint.find((p) => p.subject === '物理')).toMatchObject({
      knowledgePoint: '物理',
      accuracy: null,
    });
    expect(stats.trend).toEqual([
      { week: '2026-11-02', total: 2, checked: 2, correct: 1, accuracy: 0.5 },
      { week: '2026-11-09', total: 2, checked: 1, correct: 0, accuracy: 0 },
    ]);
    expect(weekOf(at('2026-11-08'))).toBe('2026-11-02');
  });
});
