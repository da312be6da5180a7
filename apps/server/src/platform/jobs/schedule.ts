import { Cron } from 'croner';
import type { JobTriggerKind } from '@lintel/contracts/wire';

/**
 * When a trigger fires: cron expressions (with seconds, or the classic five fields) through croner,
 * fixed intervals, and one-off times, each bounded by the trigger's start and end time.
 */
export interface TriggerTiming {
  kind: JobTriggerKind | string;
  expression: string | null;
  intervalMs: number | null;
  runAt: Date | null;
  startTime: Date | null;
  endTime: Date | null;
}

/** Why a trigger's timing is refused: a message key of messages/job. */
export type TimingProblem =
  'job.badCron' | 'job.intervalRequired' | 'job.runAtRequired' | 'job.endBeforeStart';

/** A parsed cron expression, or undefined when it is not one (5 or 6 fields). */
export function parseCron(expression: string): Cron | undefined {
  try {
    return new Cron(expression.trim(), { paused: true, mode: '5-or-6-parts' });
  } catch {
    return undefined;
  }
}

/** The next `count` fire times of a cron expression after `after`; undefined if it is not valid. */
export function cronPreview(expression: string, count = 5, after = new Date()): Date[] | undefined {
  const cron = parseCron(expression);
  return cron?.nextRuns(count, after);
}

export function timingProblem(timing: TriggerTiming): TimingProblem | undefined {
  if (timing.kind === 'cron') {
    const cron = timing.expression ? parseCron(timing.expression) : undefined;
    // An expression that never fires again (30 February) is as useless as a malformed one.
    if (!cron || !cron.nextRun()) return 'job.badCron';
  } else if (timing.kind === 'interval') {
    if (!timing.intervalMs || timing.intervalMs < 1000) return 'job.intervalRequired';
  } else if (!timing.runAt) return 'job.runAtRequired';
  if (timing.startTime && timing.endTime && timing.endTime <= timing.startTime) return 'job.endBeforeStart';
  return undefined;
}

/**
 * The first fire strictly after `after` (an interval counts from the previous fire, or from the
 * start time), or null when the trigger will not fire again (past its end time, a one-off done).
 */
export function nextFire(timing: TriggerTiming, after: Date, previous: Date | null = null): Date | null {
  const from =
    timing.startTime && timing.startTime > after ? new Date(timing.startTime.getTime() - 1) : after;
  let next: Date | null;
  if (timing.kind === 'cron') {
    next = (timing.expression && parseCron(timing.expression)?.nextRun(from)) || null;
  } else if (timing.kind === 'interval') {
    const every = timing.intervalMs ?? 0;
    if (every < 1000) return null;
    const base = previous ?? timing.startTime ?? after;
    // Fires missed while no engine ran are not caught up one by one: the next one is in the future.
    const steps = Math.max(1, Math.floor((from.getTime() - base.getTime()) / every) + 1);
    next = base.getTime() + steps * every > from.getTime() ? new Date(base.getTime() + steps * every) : null;
    if (!previous && !timing.startTime) next = new Date(after.getTime() + every);
  } else {
    next = timing.runAt && timing.runAt > after && !previous ? timing.runAt : null;
  }
  if (next && timing.endTime && next >= timing.endTime) return null;
  return next;
}
