import type { Dayjs } from 'dayjs';

/** The days a month view shows: from the start of the week holding the 1st to the end of the week holding the last day. */
export function visibleRange(month: Dayjs): { from: string; to: string } {
  return {
    from: month.startOf('month').startOf('week').format('YYYY-MM-DD'),
    to: month.endOf('month').endOf('week').format('YYYY-MM-DD'),
  };
}

/** Entries grouped by day (YYYY-MM-DD). */
export function byDay<T extends { scheduleTime: string }>(items: readonly T[]): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const item of items) {
    const list = out.get(item.scheduleTime);
    if (list) list.push(item);
    else out.set(item.scheduleTime, [item]);
  }
  return out;
}
