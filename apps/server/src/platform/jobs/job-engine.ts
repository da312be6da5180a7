import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { AppContext } from '../context.js';
import { BossQueue } from './boss-queue.js';
import { ensureBuiltinJobs, registerBuiltinHandlers } from './builtin-jobs.js';
import { JobHandlers } from './job-handlers.js';
import { JobRunner, type Fire } from './job-runner.js';
import {
  beat,
  claimFire,
  dueOnStart,
  dueTriggers,
  failOrphanRuns,
  otherLiveNodes,
  type JobTrigger,
} from './job-store.repo.js';
import { nextFire, type TriggerTiming } from './schedule.js';

export interface EngineOptions {
  /** PostgreSQL: fires go through pg-boss on this database (the login that owns it). */
  postgresUrl?: string;
  /** This server's own address, for HTTP jobs calling a path of it. */
  selfOrigin?: string;
  /** How often due triggers are looked for (default 1 s). */
  tickMs?: number;
}

/** How often the node says it is alive, and when silence means it is gone. */
export const NODE_HEARTBEAT_MS = 10_000;
export const NODE_STALE_MS = 30_000;

export function timingOf(trigger: JobTrigger): TriggerTiming {
  return {
    kind: trigger.kind,
    expression: trigger.expression,
    intervalMs: trigger.intervalMs === null ? null : Number(trigger.intervalMs),
    runAt: trigger.runAt,
    startTime: trigger.startTime,
    endTime: trigger.endTime,
  };
}

/**
 * The job engine of one process. Every process schedules: each tick it claims due fires by
 * compare-and-set on the trigger's next run time, so a fire is claimed once in the cluster. On the
 * embedded database a claimed fire runs here (retries in process); on PostgreSQL it goes to the
 * pg-boss queue, whose workers on every process take each fire once and retry failed or lost runs.
 */
export class JobEngine {
  readonly handlers = new JobHandlers();
  readonly runner: JobRunner;
  readonly clusterId = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`.slice(0, 160);
  private queue: BossQueue | undefined;
  private options: EngineOptions = {};
  private tickTimer: NodeJS.Timeout | undefined;
  private beatTimer: NodeJS.Timeout | undefined;
  private ticking: Promise<void> | undefined;
  private readonly pending = new Set<Promise<unknown>>();
  private stopped = false;
  started = false;

  constructor(private readonly ctx: AppContext) {
    registerBuiltinHandlers(this.handlers);
    this.runner = new JobRunner(
      ctx,
      this.handlers,
      () => this.clusterId,
      () => this.options.selfOrigin,
    );
  }

  get queueKind(): 'pg-boss' | 'local' {
    return this.options.postgresUrl ? 'pg-boss' : 'local';
  }

  /** Adds missing built-in jobs; safe to call on every start and from several processes. */
  seed(): Promise<void> {
    return this.ctx.db.platform((trx) => ensureBuiltinJobs(trx));
  }

  async start(options: EngineOptions = {}): Promise<void> {
    if (this.started) return;
    this.options = options;
    this.started = true;
    this.stopped = false;
    await this.seed();
    await this.heartbeat();
    const alone = await this.ctx.db.platform((trx) =>
      otherLiveNodes(trx, this.clusterId, new Date(Date.now() - NODE_STALE_MS)),
    );
    // "Run on start" means when the cluster starts, not each time one more process joins it.
    if (alone === 0) await this.ctx.db.platform((trx) => dueOnStart(trx, new Date()));
    if (options.postgresUrl) {
      this.queue = new BossQueue(options.postgresUrl, this.ctx.log, this.ctx.config.jobLeaseSeconds);
      await this.queue.start(async (fire, attempt) => {
        const outcome = await this.runner.run(fire, attempt);
        // Thrown, pg-boss delivers the fire again after the trigger's retry timeout.
        if (outcome === 'failed') throw new Error(`run of ${fire.jobId} failed`);
      });
    }
    this.tickTimer = setInterval(() => void this.tick(), options.tickMs ?? 1000);
    this.tickTimer.unref();
    this.beatTimer = setInterval(() => void this.heartbeat(), NODE_HEARTBEAT_MS);
    this.beatTimer.unref();
    this.ctx.log.info({ node: this.clusterId, queue: this.queueKind }, 'Job engine started');
  }

  async stop(): Promise<void> {
    if (!this.started) return;
    this.stopped = true;
    this.started = false;
    clearInterval(this.tickTimer);
    clearInterval(this.beatTimer);
    await this.ticking;
    this.runner.cancelAll();
    await Promise.allSettled([...this.pending]);
    await this.queue?.stop();
    this.queue = undefined;
    await this.ctx.db
      .platform((trx) => beat(trx, this.node('stopped')))
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'Could not record the job node stopped'));
  }

  private node(status: string) {
    return {
      clusterId: this.clusterId,
      host: hostname().slice(0, 128),
      pid: process.pid,
      queue: this.queueKind,
      status,
    };
  }

  private async heartbeat(): Promise<void> {
    await this.ctx.db
      .platform(async (trx) => {
        await beat(trx, this.node('working'));
        await failOrphanRuns(trx, new Date(Date.now() - NODE_STALE_MS), 'the process running it stopped');
      })
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'Job heartbeat failed'));
  }

  /** One scheduling pass; passes never overlap. */
  tick(): Promise<void> {
    if (this.ticking || this.stopped) return this.ticking ?? Promise.resolve();
    this.ticking = Promise.all([this.claimDue(), this.runner.abortRequested()])
      .then(() => undefined)
      .catch((error: unknown) => this.ctx.log.warn({ err: error }, 'Job scheduling pass failed'))
      .finally(() => (this.ticking = undefined));
    return this.ticking;
  }

  private async claimDue(): Promise<void> {
    const now = new Date();
    const due = await this.ctx.db.platform((trx) => dueTriggers(trx, now));
    for (const trigger of due) {
      const fireTime = trigger.nextRunTime!;
      // Missed fires are not caught up one by one: the next one is after now.
      const next = nextFire(timingOf(trigger), now > fireTime ? now : fireTime, fireTime);
      const exhausted = trigger.maxNumberOfRuns > 0 && trigger.numberOfRuns + 1 >= trigger.maxNumberOfRuns;
      const status = !next || exhausted ? 'archived' : 'ready';
      const won = await this.ctx.db.platform((trx) =>
        claimFire(trx, trigger, exhausted ? null : next, status),
      );
      if (!won) continue;
      await this.dispatch(
        { jobId: trigger.jobId, triggerId: trigger.triggerId, fireTime: fireTime.toISOString() },
        { limit: trigger.numRetries, delayMs: trigger.retryTimeout },
      );
    }
  }

  /** Runs a job now, outside its triggers (runJob). */
  runNow(jobId: string): Promise<void> {
    return this.dispatch({ jobId, triggerId: null, fireTime: null }, { limit: 0, delayMs: 0 });
  }

  private async dispatch(fire: Fire, retry: { limit: number; delayMs: number }): Promise<void> {
    if (this.queue) return this.queue.send(fire, retry);
    this.track(this.runLocally(fire, retry));
  }

  private async runLocally(fire: Fire, retry: { limit: number; delayMs: number }): Promise<void> {
    for (let attempt = 1; attempt <= retry.limit + 1; attempt++) {
      const outcome = await this.runner.run(fire, attempt);
      if (outcome !== 'failed' || this.stopped) return;
      if (attempt <= retry.limit) await new Promise((resolve) => setTimeout(resolve, retry.delayMs));
    }
  }

  private track(work: Promise<unknown>): void {
    const tracked = work.catch((error: unknown) => this.ctx.log.error({ err: error }, 'Job run crashed'));
    this.pending.add(tracked);
    void tracked.finally(() => this.pending.delete(tracked));
  }

  /** Resolves when the runs started on this process have finished (tests). */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }
}
