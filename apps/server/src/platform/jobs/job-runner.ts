import type { AppContext } from '../context.js';
import { newId } from '../db/ids.js';
import type { JobHandlers } from './job-handlers.js';
import {
  cancelRequested,
  countError,
  failEarlierAttempts,
  finishRecord,
  findJob,
  findTrigger,
  hasRunningRun,
  insertRecord,
  lockJob,
  requestCancel,
} from './job-store.repo.js';

/** One fire of a trigger (or a run by hand: no trigger, no fire time), as queued. */
export interface Fire {
  jobId: string;
  triggerId: string | null;
  /** ISO time the trigger was due; null for a run by hand. */
  fireTime: string | null;
}

export type RunOutcome = 'succeeded' | 'failed' | 'skipped' | 'gone';

const ERROR_CHARS = 4000;
/** The error of an attempt the queue gave up on and delivered again. */
const LOST_ATTEMPT = 'lost: its process stopped or it outlived its lease; tried again';

function parseProperties(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * Runs one attempt of a fire on this process and records it: a row "running" first (so that a job
 * that is not concurrent skips fires while it runs, on every process), then its outcome, duration,
 * result or error. Retries are the caller's: the local queue loops, pg-boss re-delivers.
 */
export interface FinishedRun {
  jobType: string;
  outcome: 'succeeded' | 'failed';
  elapsedMs: number;
}

export class JobRunner {
  /** Runs in progress on this process, by record id, so that cancelJob can abort them. */
  private readonly running = new Map<string, { jobId: string; abort: AbortController }>();
  /** Told of every finished run on this process (the metrics count them). */
  private readonly finished: ((run: FinishedRun) => void)[] = [];

  onFinished(listener: (run: FinishedRun) => void): void {
    this.finished.push(listener);
  }

  constructor(
    private readonly ctx: AppContext,
    private readonly handlers: JobHandlers,
    private readonly node: () => string,
    private readonly selfOrigin: () => string | undefined,
  ) {}

  async run(fire: Fire, attempt: number): Promise<RunOutcome> {
    const recordId = newId();
    const started = await this.ctx.db.platform(async (trx) => {
      const job = await findJob(trx, fire.jobId);
      if (!job) return undefined;
      const trigger = fire.triggerId ? ((await findTrigger(trx, fire.triggerId)) ?? null) : null;
      if (attempt > 1 && fire.triggerId && fire.fireTime)
        await failEarlierAttempts(
          trx,
          { jobId: job.jobId, triggerId: fire.triggerId, fireTime: fire.fireTime },
          attempt,
          LOST_ATTEMPT,
        );
      let status = 'running';
      if (!job.concurrent) {
        await lockJob(trx, job.jobId);
        if (await hasRunningRun(trx, job.jobId)) status = 'skipped';
      }
      const now = new Date();
      await insertRecord(trx, {
        id: recordId,
        jobId: job.jobId,
        triggerId: fire.triggerId,
        fireTime: fire.fireTime,
        attempt,
        startedAt: now,
        status,
        node: this.node(),
        ...(status === 'skipped'
          ? { finishedAt: now, elapsed: 0, result: 'the previous run is still running' }
          : {}),
      });
      return { job, trigger, skipped: status === 'skipped' };
    });
    if (!started) return 'gone';
    if (started.skipped) return 'skipped';
    const { job, trigger } = started;

    const abort = new AbortController();
    this.running.set(recordId, { jobId: job.jobId, abort });
    const begin = performance.now();
    let outcome: 'succeeded' | 'failed';
    let result: string | null = null;
    let error: string | null = null;
    try {
      const handler = this.handlers.get(job.jobType);
      if (!handler) throw new Error(`no handler named ${job.jobType} on this server`);
      result =
        (await handler({
          ctx: this.ctx,
          job,
          trigger,
          properties: parseProperties(job.properties),
          signal: abort.signal,
          selfOrigin: this.selfOrigin(),
        })) ?? null;
      if (abort.signal.aborted) throw new Error('cancelled');
      outcome = 'succeeded';
    } catch (thrown) {
      outcome = 'failed';
      error = (thrown instanceof Error ? thrown.message : String(thrown)).slice(0, ERROR_CHARS);
    } finally {
      this.running.delete(recordId);
    }
    const elapsed = Math.round(performance.now() - begin);
    await this.ctx.db.platform(async (trx) => {
      await finishRecord(trx, recordId, { status: outcome, finishedAt: new Date(), elapsed, result, error });
      if (outcome === 'failed' && fire.triggerId) await countError(trx, fire.triggerId);
    });
    if (outcome === 'failed') this.ctx.log.warn({ jobId: job.jobId, error }, 'Job run failed');
    for (const listener of this.finished) listener({ jobType: job.jobType, outcome, elapsedMs: elapsed });
    return outcome;
  }

  /**
   * Asks every process to stop the job's runs: marks its running records, aborts this process's
   * at once (the others at their engine's next tick, see abortRequested); answers how many runs.
   */
  async cancel(jobId: string): Promise<number> {
    const marked = await this.ctx.db.platform((trx) => requestCancel(trx, jobId));
    for (const run of this.running.values()) if (run.jobId === jobId) run.abort.abort();
    return marked;
  }

  /** Aborts the runs of this process whose records another process marked cancelled. */
  async abortRequested(): Promise<void> {
    if (this.running.size === 0) return;
    const marked = await this.ctx.db.platform((trx) => cancelRequested(trx, [...this.running.keys()]));
    for (const id of marked) this.running.get(id)?.abort.abort();
  }

  cancelAll(): void {
    for (const run of this.running.values()) run.abort.abort();
  }

  /** The records of the runs in progress here. */
  get busy(): number {
    return this.running.size;
  }
}
