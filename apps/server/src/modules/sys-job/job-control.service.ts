import type { AppContext } from '../../platform/context.js';
import { notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { timingOf, type JobEngine } from '../../platform/jobs/job-engine.js';
import type { JobTrigger } from '../../platform/jobs/job-store.repo.js';
import { nextFire } from '../../platform/jobs/schedule.js';
import { toCluster, toRecord } from './job-output.js';
import { SysJobRepo } from './sys-job.repo.js';
import type { JobRecordPageInput } from './sys-job.schema.js';
import type { Trx } from '../../platform/db/database.js';

/** Pausing, starting, running and cancelling jobs; their run records, the cluster and the dashboard. */
export class JobControlService {
  private readonly repo = new SysJobRepo();

  constructor(
    private readonly ctx: AppContext,
    private readonly engine: JobEngine,
  ) {}

  private async requireJob(trx: Trx, jobId: string) {
    if (!(await this.repo.findJob(trx, jobId))) throw notFound();
  }

  private async pause(trx: Trx, triggers: JobTrigger[]) {
    for (const t of triggers)
      await this.repo.updateTrigger(trx, t.triggerId, { status: 'paused', updateTime: new Date() });
  }

  /**
   * Starts triggers again from now: the next fire is computed afresh (fires missed while paused are
   * not caught up); an overrun trigger starts with its error count reset; one that cannot fire
   * again stays archived.
   */
  private async resume(trx: Trx, triggers: JobTrigger[]) {
    const now = new Date();
    for (const t of triggers) {
      const next = nextFire(timingOf(t), now, t.kind === 'once' ? null : t.lastRunTime);
      const exhausted = t.maxNumberOfRuns > 0 && t.numberOfRuns >= t.maxNumberOfRuns;
      await this.repo.updateTrigger(trx, t.triggerId, {
        status: next && !exhausted ? 'ready' : 'archived',
        nextRunTime: exhausted ? null : next,
        numberOfErrors: t.status === 'overrun' ? 0 : t.numberOfErrors,
        updateTime: now,
      });
    }
  }

  pauseJob(jobId: string) {
    return this.ctx.db.platform(async (trx) => {
      await this.requireJob(trx, jobId);
      await this.pause(trx, await this.repo.triggersToSwitch(trx, jobId, ['ready']));
    });
  }

  startJob(jobId: string) {
    return this.ctx.db.platform(async (trx) => {
      await this.requireJob(trx, jobId);
      await this.resume(trx, await this.repo.triggersToSwitch(trx, jobId, ['paused', 'overrun']));
    });
  }

  pauseAll() {
    return this.ctx.db.platform(async (trx) =>
      this.pause(trx, await this.repo.triggersToSwitch(trx, undefined, ['ready'])),
    );
  }

  startAll() {
    return this.ctx.db.platform(async (trx) =>
      this.resume(trx, await this.repo.triggersToSwitch(trx, undefined, ['paused', 'overrun'])),
    );
  }

  private async trigger(trx: Trx, jobId: string, triggerId: string) {
    const trigger = await this.repo.findTrigger(trx, triggerId);
    if (!trigger || trigger.jobId !== jobId) throw notFound();
    return trigger;
  }

  pauseTrigger(jobId: string, triggerId: string) {
    return this.ctx.db.platform(async (trx) => {
      const trigger = await this.trigger(trx, jobId, triggerId);
      if (trigger.status === 'ready') await this.pause(trx, [trigger]);
    });
  }

  startTrigger(jobId: string, triggerId: string) {
    return this.ctx.db.platform(async (trx) => {
      const trigger = await this.trigger(trx, jobId, triggerId);
      if (trigger.status === 'paused' || trigger.status === 'overrun') await this.resume(trx, [trigger]);
    });
  }

  async runJob(jobId: string): Promise<void> {
    await this.ctx.db.platform((trx) => this.requireJob(trx, jobId));
    await this.engine.runNow(jobId);
  }

  /** Aborts the job's runs on every process (handlers stop at their next await of the signal). */
  async cancelJob(jobId: string): Promise<number> {
    await this.ctx.db.platform((trx) => this.requireJob(trx, jobId));
    return this.engine.runner.cancel(jobId);
  }

  pageRecords(input: JobRecordPageInput) {
    return this.ctx.db.platform(async (trx) => {
      const page = await this.repo.pageRecords(trx, input);
      return { ...page, items: page.items.map(toRecord) };
    });
  }

  clearRecords(jobId: string | undefined) {
    return this.ctx.db.platform((trx) => this.repo.clearRecords(trx, jobId));
  }

  groups() {
    return this.ctx.db.platform((trx) => this.repo.groups(trx));
  }

  clusters() {
    return this.ctx.db.platform(async (trx) => (await this.repo.clusters(trx)).map((row) => toCluster(row)));
  }

  dashboard() {
    return this.ctx.db.platform(async (trx) => ({
      now: formatIso(new Date()),
      running: (await this.repo.running(trx)).map(toRecord),
      nextFires: (await this.repo.nextFires(trx, 10)).map((r) => ({
        jobId: r.jobId,
        triggerId: r.triggerId,
        nextRunTime: formatIso(r.nextRunTime!),
      })),
      failures: (await this.repo.lastFailures(trx, 10)).map(toRecord),
      nodes: (await this.repo.clusters(trx)).map((row) => toCluster(row)),
    }));
  }
}
