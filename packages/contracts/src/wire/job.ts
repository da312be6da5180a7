import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Job scheduling (sysJob, Admin.NET's Sundial): job details, their triggers, run records and the
 * processes running the engine. Jobs belong to the platform and are managed by the super admin.
 * Job and trigger ids are names (letters, digits, `_.-:`), as Sundial's are.
 */

const JobKey = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });

/** How a job detail was made: 0 built in (a handler of this server), 2 an HTTP call. */
export const JOB_CREATE_TYPES = { builtIn: 0, http: 2 } as const;
export const JOB_TRIGGER_KINDS = ['cron', 'interval', 'once'] as const;
export type JobTriggerKind = (typeof JOB_TRIGGER_KINDS)[number];
/**
 * ready: fires at nextRunTime; paused: by an administrator; archived: it will not fire again (its
 * end time passed, its run limit is reached, a one-off fired); overrun: its error limit is reached.
 */
export const JOB_TRIGGER_STATUSES = ['ready', 'paused', 'archived', 'overrun'] as const;
export type JobTriggerStatus = (typeof JOB_TRIGGER_STATUSES)[number];
export const JOB_RUN_STATUSES = ['running', 'succeeded', 'failed', 'skipped'] as const;
export type JobRunStatus = (typeof JOB_RUN_STATUSES)[number];
export const HTTP_JOB_METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD'] as const;

const HttpFields = {
  httpMethod: Type.Optional(
    Type.Union([
      Type.Literal('GET'),
      Type.Literal('POST'),
      Type.Literal('PUT'),
      Type.Literal('DELETE'),
      Type.Literal('PATCH'),
      Type.Literal('HEAD'),
    ]),
  ),
  /** An absolute http(s) address of a public host, or a path of this server (`/api/...`). */
  httpUrl: Type.Optional(Type.String({ maxLength: 2048 })),
  httpHeaders: Type.Optional(
    Type.Record(Type.String({ maxLength: 128 }), Type.String({ maxLength: 2048 }), { maxProperties: 32 }),
  ),
  httpBody: Type.Optional(Nullable(Type.String({ maxLength: 65536 }))),
  httpTimeoutMs: Type.Optional(Type.Integer({ minimum: 100, maximum: 300_000 })),
};

const JobDetailFields = {
  jobId: JobKey,
  groupName: Type.Optional(Type.String({ maxLength: 64 })),
  /** The handler's name for a built-in job; `http` for an HTTP call. */
  jobType: Type.String({ minLength: 1, maxLength: 128 }),
  description: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
  /** false: a fire is skipped while the job's previous run is still running. */
  concurrent: Type.Optional(Type.Boolean()),
  /** Free-form settings handed to the handler (a JSON object as text). */
  properties: Type.Optional(Nullable(Type.String({ maxLength: 8192 }))),
  createType: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(2)])),
  ...HttpFields,
};

export const AddJobDetailBody = Type.Object(JobDetailFields, { additionalProperties: false });
export const UpdateJobDetailBody = Type.Object(JobDetailFields, { additionalProperties: false });
export type JobDetailInput = Static<typeof AddJobDetailBody>;

export const JobIdBody = Type.Object({ jobId: JobKey }, { additionalProperties: false });
export const JobTriggerIdBody = Type.Object(
  { jobId: JobKey, triggerId: JobKey },
  { additionalProperties: false },
);
export const JobIdQuery = Type.Object({ jobId: JobKey }, { additionalProperties: false });

export const PageJobDetailBody = Type.Object(
  {
    ...PageInputFields,
    jobId: Type.Optional(Type.String({ maxLength: 64 })),
    groupName: Type.Optional(Type.String({ maxLength: 64 })),
    description: Type.Optional(Type.String({ maxLength: 256 })),
  },
  { additionalProperties: false },
);
export type JobDetailPageInput = Static<typeof PageJobDetailBody>;

const TriggerFields = {
  jobId: JobKey,
  triggerId: JobKey,
  kind: Type.Union([Type.Literal('cron'), Type.Literal('interval'), Type.Literal('once')]),
  /** Cron with seconds (6 fields) or without (5 fields), for kind `cron`. */
  expression: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  /** For kind `interval`: at least one second. */
  intervalMs: Type.Optional(Nullable(Type.Integer({ minimum: 1000, maximum: 31_536_000_000 }))),
  /** For kind `once`. */
  runAt: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  startTime: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  endTime: Type.Optional(Nullable(Type.String({ format: 'date-time' }))),
  maxNumberOfRuns: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  maxNumberOfErrors: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  /** How many times a failed run is tried again, `retryTimeout` ms apart. */
  numRetries: Type.Optional(Type.Integer({ minimum: 0, maximum: 10 })),
  retryTimeout: Type.Optional(Type.Integer({ minimum: 0, maximum: 3_600_000 })),
  runOnStart: Type.Optional(Type.Boolean()),
  description: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddJobTriggerBody = Type.Object(TriggerFields, { additionalProperties: false });
export const UpdateJobTriggerBody = Type.Object(TriggerFields, { additionalProperties: false });
export type JobTriggerInput = Static<typeof AddJobTriggerBody>;

export const JobTriggerOutput = Type.Object({
  id: Type.String(),
  triggerId: Type.String(),
  jobId: Type.String(),
  kind: Type.String(),
  expression: Nullable(Type.String()),
  intervalMs: Nullable(Type.Integer()),
  runAt: Nullable(Type.String()),
  startTime: Nullable(Type.String()),
  endTime: Nullable(Type.String()),
  maxNumberOfRuns: Type.Integer(),
  numberOfRuns: Type.Integer(),
  maxNumberOfErrors: Type.Integer(),
  numberOfErrors: Type.Integer(),
  numRetries: Type.Integer(),
  retryTimeout: Type.Integer(),
  status: Type.String(),
  lastRunTime: Nullable(Type.String()),
  nextRunTime: Nullable(Type.String()),
  runOnStart: Type.Boolean(),
  description: Nullable(Type.String()),
  builtIn: Type.Boolean(),
});
export type JobTriggerRow = Static<typeof JobTriggerOutput>;

export const JobHttpOutput = Type.Object({
  method: Type.String(),
  url: Type.String(),
  headers: Type.Record(Type.String(), Type.String()),
  body: Nullable(Type.String()),
  timeoutMs: Type.Integer(),
});

export const JobDetailOutput = Type.Object({
  id: Type.String(),
  jobId: Type.String(),
  groupName: Nullable(Type.String()),
  jobType: Type.String(),
  description: Nullable(Type.String()),
  concurrent: Type.Boolean(),
  properties: Nullable(Type.String()),
  createType: Type.Integer(),
  http: Nullable(JobHttpOutput),
  builtIn: Type.Boolean(),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
  triggers: Type.Array(JobTriggerOutput),
});
export type JobDetailRow = Static<typeof JobDetailOutput>;
export const JobDetailPage = PageOf(JobDetailOutput);

export const PageJobRecordBody = Type.Object(
  {
    ...PageInputFields,
    jobId: Type.Optional(Type.String({ maxLength: 64 })),
    triggerId: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(
      Type.Union([
        Type.Literal('running'),
        Type.Literal('succeeded'),
        Type.Literal('failed'),
        Type.Literal('skipped'),
      ]),
    ),
  },
  { additionalProperties: false },
);
export type JobRecordPageInput = Static<typeof PageJobRecordBody>;

export const ClearJobRecordBody = Type.Object(
  { jobId: Type.Optional(Type.String({ maxLength: 64 })) },
  { additionalProperties: false },
);

export const JobRecordOutput = Type.Object({
  id: Type.String(),
  jobId: Type.String(),
  /** null for a run started by hand (runJob). */
  triggerId: Nullable(Type.String()),
  fireTime: Nullable(Type.String()),
  attempt: Type.Integer(),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  elapsed: Nullable(Type.Integer()),
  status: Type.String(),
  result: Nullable(Type.String()),
  error: Nullable(Type.String()),
  node: Type.String(),
});
export type JobRecordRow = Static<typeof JobRecordOutput>;
export const JobRecordPage = PageOf(JobRecordOutput);

export const JobClusterOutput = Type.Object({
  clusterId: Type.String(),
  host: Type.String(),
  pid: Type.Integer(),
  /** working: heartbeat within the last half minute; crashed: it stopped without saying so; stopped. */
  status: Type.String(),
  queue: Type.String(),
  startedAt: Type.String(),
  heartbeatAt: Type.String(),
});
export type JobClusterRow = Static<typeof JobClusterOutput>;

export const JobHandlerOutput = Type.Object({ name: Type.String(), builtIn: Type.Boolean() });

/** The live state the job dashboard shows. */
export const JobDashboardOutput = Type.Object({
  now: Type.String(),
  running: Type.Array(JobRecordOutput),
  nextFires: Type.Array(
    Type.Object({ jobId: Type.String(), triggerId: Type.String(), nextRunTime: Type.String() }),
  ),
  failures: Type.Array(JobRecordOutput),
  nodes: Type.Array(JobClusterOutput),
});
export type JobDashboard = Static<typeof JobDashboardOutput>;

export const CronPreviewQuery = Type.Object(
  { expression: Type.String({ minLength: 1, maxLength: 128 }) },
  { additionalProperties: false },
);
