import { JOB_CREATE_TYPES } from '@lintel/contracts/wire';
import type { Principal } from '../../platform/auth/principal.js';
import { created, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { JobHttpRequest } from '../../platform/db/schema.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { checkHttpRequest, HTTP_JOB_TYPE } from '../../platform/jobs/job-handlers.js';
import type { JobEngine } from '../../platform/jobs/job-engine.js';
import { cronPreview, nextFire, timingProblem, type TriggerTiming } from '../../platform/jobs/schedule.js';
import { toJob, toTrigger } from './job-output.js';
import { SysJobRepo } from './sys-job.repo.js';
import type { JobDetailInput, JobDetailPageInput, JobTriggerInput } from './sys-job.schema.js';

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

export function timingFrom(input: JobTriggerInput): TriggerTiming {
  return {
    kind: input.kind,
    expression: input.kind === 'cron' ? (input.expression?.trim() ?? null) : null,
    intervalMs: input.kind === 'interval' ? (input.intervalMs ?? null) : null,
    runAt: input.kind === 'once' ? date(input.runAt) : null,
    startTime: date(input.startTime),
    endTime: date(input.endTime),
  };
}

/** Job details and their triggers (the platform's; the super admin manages them). */
export class SysJobService {
  readonly repo = new SysJobRepo();

  constructor(
    readonly ctx: AppContext,
    readonly engine: JobEngine,
  ) {}

  pageJobDetail(input: JobDetailPageInput) {
    return this.ctx.db.platform(async (trx) => {
      const page = await this.repo.pageJobs(trx, input);
      const triggers = await this.repo.triggersOf(
        trx,
        page.items.map((j) => j.jobId),
      );
      return {
        ...page,
        items: page.items.map((j) =>
          toJob(
            j,
            triggers.filter((t) => t.jobId === j.jobId),
          ),
        ),
      };
    });
  }

  jobTypes() {
    return this.engine.handlers.names();
  }

  /** What a job runs: a handler of this server, or an HTTP request checked like other outbound links. */
  private async what(
    input: JobDetailInput,
  ): Promise<{ jobType: string; createType: number; http: JobHttpRequest | null }> {
    if (input.createType === JOB_CREATE_TYPES.http || input.jobType === HTTP_JOB_TYPE) {
      if (!input.httpUrl?.trim()) throw badRequest('job.httpUrlRequired');
      const http: JobHttpRequest = {
        method: input.httpMethod ?? 'GET',
        url: input.httpUrl.trim(),
        headers: input.httpHeaders ?? {},
        body: input.httpBody ?? null,
        timeoutMs: input.httpTimeoutMs ?? 30_000,
      };
      await checkHttpRequest(this.ctx, http);
      return { jobType: HTTP_JOB_TYPE, createType: JOB_CREATE_TYPES.http, http };
    }
    if (!this.engine.handlers.has(input.jobType))
      throw badRequest('job.unknownHandler', { name: input.jobType });
    return { jobType: input.jobType, createType: JOB_CREATE_TYPES.builtIn, http: null };
  }

  private checkProperties(text: string | null | undefined): string | null {
    if (!text?.trim()) return null;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return text;
    } catch {
      // refused below
    }
    throw badRequest('job.badProperties');
  }

  async addJobDetail(principal: Principal, input: JobDetailInput): Promise<void> {
    const what = await this.what(input);
    const properties = this.checkProperties(input.properties);
    await this.ctx.db.platform(async (trx) => {
      if (await this.repo.findJob(trx, input.jobId))
        throw badRequest('job.jobIdTaken', { jobId: input.jobId });
      await this.repo.insertJob(trx, {
        id: newId(),
        jobId: input.jobId,
        groupName: input.groupName?.trim() || null,
        jobType: what.jobType,
        description: input.description ?? null,
        concurrent: input.concurrent ?? true,
        properties,
        createType: what.createType,
        httpRequest: what.http ? JSON.stringify(what.http) : null,
        ...created(principal),
      });
    });
  }

  async updateJobDetail(principal: Principal, input: JobDetailInput): Promise<void> {
    const properties = this.checkProperties(input.properties);
    const current = await this.ctx.db.platform((trx) => this.repo.findJob(trx, input.jobId));
    if (!current) throw notFound();
    // A built-in job keeps its handler; its description, group, concurrency and settings may change.
    const what = current.builtIn
      ? { jobType: current.jobType, createType: current.createType, http: null }
      : await this.what(input);
    await this.ctx.db.platform((trx) =>
      this.repo.updateJob(trx, input.jobId, {
        groupName: input.groupName?.trim() || null,
        jobType: what.jobType,
        description: input.description ?? null,
        concurrent: input.concurrent ?? current.concurrent,
        properties,
        createType: what.createType,
        httpRequest: what.http ? JSON.stringify(what.http) : null,
        ...updated(principal),
      }),
    );
  }

  async deleteJobDetail(jobId: string): Promise<void> {
    await this.ctx.db.platform(async (trx) => {
      const job = await this.repo.findJob(trx, jobId);
      if (!job) throw notFound();
      if (job.builtIn) throw badRequest('job.builtInDelete');
      await this.repo.deleteJob(trx, jobId);
    });
  }

  jobTriggerList(jobId: string) {
    return this.ctx.db.platform(async (trx) => (await this.repo.triggersOf(trx, [jobId])).map(toTrigger));
  }

  private timing(input: JobTriggerInput): TriggerTiming {
    const timing = timingFrom(input);
    const problem = timingProblem(timing);
    if (problem) throw badRequest(problem, { expression: input.expression ?? '' });
    return timing;
  }

  private triggerFields(input: JobTriggerInput, timing: TriggerTiming) {
    return {
      kind: timing.kind,
      expression: timing.expression,
      intervalMs: timing.intervalMs,
      runAt: timing.runAt,
      startTime: timing.startTime,
      endTime: timing.endTime,
      maxNumberOfRuns: input.maxNumberOfRuns ?? 0,
      maxNumberOfErrors: input.maxNumberOfErrors ?? 0,
      numRetries: input.numRetries ?? 0,
      retryTimeout: input.retryTimeout ?? 1000,
      runOnStart: input.runOnStart ?? false,
      description: input.description ?? null,
    };
  }

  async addJobTrigger(input: JobTriggerInput): Promise<void> {
    const timing = this.timing(input);
    await this.ctx.db.platform(async (trx) => {
      if (!(await this.repo.findJob(trx, input.jobId))) throw notFound();
      if (await this.repo.findTrigger(trx, input.triggerId))
        throw badRequest('job.triggerIdTaken', { triggerId: input.triggerId });
      const next = nextFire(timing, new Date());
      await this.repo.insertTrigger(trx, {
        id: newId(),
        triggerId: input.triggerId,
        jobId: input.jobId,
        ...this.triggerFields(input, timing),
        status: next ? 'ready' : 'archived',
        nextRunTime: next,
      });
    });
  }

  async updateJobTrigger(input: JobTriggerInput): Promise<void> {
    const timing = this.timing(input);
    await this.ctx.db.platform(async (trx) => {
      const current = await this.findTrigger(trx, input.jobId, input.triggerId);
      const next = nextFire(timing, new Date());
      // A paused trigger stays paused; others are ready again if the new timing fires.
      const status = current.status === 'paused' ? 'paused' : next ? 'ready' : 'archived';
      await this.repo.updateTrigger(trx, input.triggerId, {
        ...this.triggerFields(input, timing),
        status,
        nextRunTime: next,
        updateTime: new Date(),
      });
    });
  }

  async deleteJobTrigger(jobId: string, triggerId: string): Promise<void> {
    await this.ctx.db.platform(async (trx) => {
      const trigger = await this.findTrigger(trx, jobId, triggerId);
      if (trigger.builtIn) throw badRequest('job.builtInDelete');
      await this.repo.deleteTrigger(trx, triggerId);
    });
  }

  async findTrigger(trx: Trx, jobId: string, triggerId: string) {
    const trigger = await this.repo.findTrigger(trx, triggerId);
    if (!trigger || trigger.jobId !== jobId) throw notFound();
    return trigger;
  }

  cronPreview(expression: string): string[] {
    const times = cronPreview(expression, 5);
    if (!times?.length) throw badRequest('job.badCron', { expression });
    return times.map((t) => t.toISOString());
  }
}
