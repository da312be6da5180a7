import type { StudyStats } from '@lintel/contracts';

export interface StatsRow {
  subject: string | null;
  knowledgePoint: string | null;
  isCorrect: boolean | null;
  createTime: Date;
}

interface Tally {
  total: number;
  checked: number;
  correct: number;
}

const empty = (): Tally => ({ total: 0, checked: 0, correct: 0 });
const add = (tally: Tally, row: StatsRow) => {
  tally.total++;
  if (row.isCorrect !== null) tally.checked++;
  if (row.isCorrect) tally.correct++;
};
/** Accuracy over checked answers, rounded to 4 places; null before any. */
const withAccuracy = <T extends Tally>(tally: T) => ({
  ...tally,
  accuracy: tally.checked ? Math.round((tally.correct / tally.checked) * 10_000) / 10_000 : null,
});

/** Monday of the row's ISO week (UTC), YYYY-MM-DD. */
export function weekOf(date: Date): string {
  const day = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * Accuracy, counts, weak points and the weekly trend of a student's records. Records without a
 * knowledge point count under their subject's name, so every record belongs to some point.
 */
export function studyStats(rows: StatsRow[]): StudyStats {
  const overall = empty();
  const subjects = new Map<string, Tally>();
  const points = new Map<string, Tally & { subject: string; knowledgePoint: string }>();
  const weeks = new Map<string, Tally>();
  for (const row of rows) {
    const subject = row.subject ?? '';
    const point = row.knowledgePoint ?? subject;
    add(overall, row);
    add(subjects.get(subject) ?? subjects.set(subject, empty()).get(subject)!, row);
    const key = `${subject}\u0000${point}`;
    add(points.get(key) ?? points.set(key, { ...empty(), subject, knowledgePoint: point }).get(key)!, row);
    const week = weekOf(row.createTime);
    add(weeks.get(week) ?? weeks.set(week, empty()).get(week)!, row);
  }
  const byKnowledgePoint = [...points.values()].map(withAccuracy).sort((a, b) => b.total - a.total);
  const weakPoints = byKnowledgePoint
    .map((p) => ({ ...p, wrong: p.checked - p.correct }))
    .filter((p) => p.wrong > 0)
    .sort((a, b) => (a.accuracy ?? 0) - (b.accuracy ?? 0) || b.wrong - a.wrong)
    .slice(0, 10);
  return {
    ...withAccuracy(overall),
    bySubject: [...subjects.entries()].map(([subject, tally]) => withAccuracy({ subject, ...tally })),
    byKnowledgePoint,
    weakPoints,
    trend: [...weeks.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, tally]) => withAccuracy({ week, ...tally })),
  };
}
