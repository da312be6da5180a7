import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';
import type { PermissionCode } from '@lintel/contracts';
import { principalOf } from '../../platform/auth/gate.js';
import type { AppContext } from '../../platform/context.js';
import { done, ok, Wrapped } from '../../platform/http/result.js';
import { Nothing, NoQuery } from '@lintel/contracts/wire';
import { JobControlService } from './job-control.service.js';
import {
  AddJobDetailBody,
  AddJobTriggerBody,
  ClearJobRecordBody,
  CronPreviewQuery,
  JobClusterOutput,
  JobDashboardOutput,
  JobDetailPage,
  JobHandlerOutput,
  JobIdBody,
  JobIdQuery,
  JobRecordPage,
  JobTriggerIdBody,
  JobTriggerOutput,
  PageJobDetailBody,
  PageJobRecordBody,
  UpdateJobDetailBody,
  UpdateJobTriggerBody,
} from './sys-job.schema.js';
import { SysJobService } from './sys-job.service.js';
import { registerModuleHandlers } from './module-handlers.js';

const tags = ['sysJob'];

/** Job scheduling (Admin.NET sysJob): the super admin's; the engine is app.jobs (platform/jobs). */
export const sysJobRoutes =
  (ctx: AppContext): FastifyPluginAsyncTypebox =>
  async (app) => {
    registerModuleHandlers(app.jobs.handlers);
    const jobs = new SysJobService(ctx, app.jobs);
    const control = new JobControlService(ctx, app.jobs);
    const permission = (action: string) => ({ permission: `sysJob:${action}` as PermissionCode });

    /** A POST taking `body` and answering nothing. */
    const command = <B extends TSchema>(
      action: string,
      summary: string,
      body: B | undefined,
      run: (body: never, request: Parameters<typeof principalOf>[0]) => Promise<unknown>,
      code = action,
    ) =>
      app.post(
        `/${action}`,
        {
          config: permission(code),
          schema: { tags, summary, ...(body ? { body } : {}), response: { 200: Wrapped(Nothing) } },
        },
        async (request) => done(run(request.body as never, request)),
      );

    app.post(
      '/pageJobDetail',
      {
        config: permission('pageJobDetail'),
        schema: {
          tags,
          summary: 'A page of job details, each with its triggers',
          body: PageJobDetailBody,
          response: { 200: Wrapped(JobDetailPage) },
        },
      },
      async (request) => ok(await jobs.pageJobDetail(request.body)),
    );
    app.get(
      '/jobTypeList',
      {
        config: permission('pageJobDetail'),
        schema: {
          tags,
          summary: 'The handlers a built-in job detail may run',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(JobHandlerOutput)) },
        },
      },
      async () => ok(jobs.jobTypes()),
    );
    command(
      'addJobDetail',
      'Add a job detail (a handler of this server, or an HTTP call)',
      AddJobDetailBody,
      (body, request) => jobs.addJobDetail(principalOf(request), body),
    );
    command(
      'updateJobDetail',
      'Update a job detail (built-in jobs keep their handler)',
      UpdateJobDetailBody,
      (body, request) => jobs.updateJobDetail(principalOf(request), body),
    );
    command(
      'deleteJobDetail',
      'Delete a job with its triggers and records (not a built-in one)',
      JobIdBody,
      (body: { jobId: string }) => jobs.deleteJobDetail(body.jobId),
    );
    app.get(
      '/jobTriggerList',
      {
        config: permission('jobTriggerList'),
        schema: {
          tags,
          summary: 'The triggers of a job',
          querystring: JobIdQuery,
          response: { 200: Wrapped(Type.Array(JobTriggerOutput)) },
        },
      },
      async (request) => ok(await jobs.jobTriggerList(request.query.jobId)),
    );
    app.get(
      '/cronPreview',
      {
        config: permission('jobTriggerList'),
        schema: {
          tags,
          summary: 'The next five fire times of a cron expression (400 when it is not one)',
          querystring: CronPreviewQuery,
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async (request) => ok(jobs.cronPreview(request.query.expression)),
    );
    command(
      'addJobTrigger',
      'Add a trigger (cron with seconds, interval, or one-off)',
      AddJobTriggerBody,
      (body) => jobs.addJobTrigger(body),
    );
    command(
      'updateJobTrigger',
      'Update a trigger; its next fire is computed again',
      UpdateJobTriggerBody,
      (body) => jobs.updateJobTrigger(body),
    );
    command(
      'deleteJobTrigger',
      'Delete a trigger (not a built-in one)',
      JobTriggerIdBody,
      (body: { jobId: string; triggerId: string }) => jobs.deleteJobTrigger(body.jobId, body.triggerId),
    );
    command('pauseJob', 'Pause every trigger of a job', JobIdBody, (body: { jobId: string }) =>
      control.pauseJob(body.jobId),
    );
    command('startJob', 'Start the paused triggers of a job again', JobIdBody, (body: { jobId: string }) =>
      control.startJob(body.jobId),
    );
    command('runJob', 'Run a job now, outside its triggers', JobIdBody, (body: { jobId: string }) =>
      control.runJob(body.jobId),
    );
    command(
      'cancelJob',
      'Cancel the runs of a job in progress on this process',
      JobIdBody,
      (body: { jobId: string }) => control.cancelJob(body.jobId),
    );
    command(
      'pauseTrigger',
      'Pause one trigger',
      JobTriggerIdBody,
      (body: { jobId: string; triggerId: string }) => control.pauseTrigger(body.jobId, body.triggerId),
    );
    command(
      'startTrigger',
      'Start one trigger again',
      JobTriggerIdBody,
      (body: { jobId: string; triggerId: string }) => control.startTrigger(body.jobId, body.triggerId),
    );
    command('pauseAllJob', 'Pause every trigger', undefined, () => control.pauseAll());
    command('startAllJob', 'Start every paused trigger again', undefined, () => control.startAll());
    app.post(
      '/pageJobTriggerRecord',
      {
        config: permission('pageJobTriggerRecord'),
        schema: {
          tags,
          summary: 'A page of run records, newest first',
          body: PageJobRecordBody,
          response: { 200: Wrapped(JobRecordPage) },
        },
      },
      async (request) => ok(await control.pageRecords(request.body)),
    );
    command(
      'clearJobTriggerRecord',
      'Delete the run records (of one job, or all); runs in progress stay',
      ClearJobRecordBody,
      (body: { jobId?: string }) => control.clearRecords(body.jobId),
    );
    app.post(
      '/listJobGroup',
      {
        config: permission('listJobGroup'),
        schema: {
          tags,
          summary: 'The group names in use',
          response: { 200: Wrapped(Type.Array(Type.String())) },
        },
      },
      async () => ok(await control.groups()),
    );
    app.get(
      '/jobClusterList',
      {
        config: permission('jobClusterList'),
        schema: {
          tags,
          summary: 'The processes running the engine, with their heartbeat',
          querystring: NoQuery,
          response: { 200: Wrapped(Type.Array(JobClusterOutput)) },
        },
      },
      async () => ok(await control.clusters()),
    );
    app.get(
      '/dashboard',
      {
        config: permission('dashboard'),
        schema: {
          tags,
          summary: 'The live state of the engine (the job dashboard page reads it)',
          querystring: NoQuery,
          response: { 200: Wrapped(JobDashboardOutput) },
        },
      },
      async () => ok(await control.dashboard()),
    );
  };
