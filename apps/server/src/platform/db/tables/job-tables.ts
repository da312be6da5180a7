import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id, NullableTimestamp, Timestamp } from './column-types.js';

/** Job scheduling (0014_jobs): platform-level tables, no tenant. */

/** The request of an HTTP job (create type 2). */
export interface JobHttpRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  timeoutMs: number;
}

export interface SysJobDetailTable extends Audit {
  id: Id;
  jobId: string;
  groupName: string | null;
  jobType: string;
  description: string | null;
  concurrent: Generated<boolean>;
  properties: string | null;
  createType: Generated<number>;
  httpRequest: ColumnType<JobHttpRequest | null, string | null | undefined, string | null>;
  builtIn: Generated<boolean>;
}

export interface SysJobTriggerTable {
  id: Id;
  triggerId: string;
  jobId: string;
  kind: string;
  expression: string | null;
  /** bigint: a decimal string from the driver. */
  intervalMs: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  runAt: NullableTimestamp;
  startTime: NullableTimestamp;
  endTime: NullableTimestamp;
  maxNumberOfRuns: Generated<number>;
  numberOfRuns: Generated<number>;
  maxNumberOfErrors: Generated<number>;
  numberOfErrors: Generated<number>;
  numRetries: Generated<number>;
  retryTimeout: Generated<number>;
  status: Generated<string>;
  lastRunTime: NullableTimestamp;
  nextRunTime: NullableTimestamp;
  runOnStart: Generated<boolean>;
  description: string | null;
  builtIn: Generated<boolean>;
  createTime: Generated<Date>;
  updateTime: NullableTimestamp;
}

export interface SysJobTriggerRecordTable {
  id: Id;
  jobId: string;
  triggerId: string | null;
  fireTime: NullableTimestamp;
  attempt: Generated<number>;
  startedAt: Timestamp;
  finishedAt: NullableTimestamp;
  elapsed: number | null;
  status: string;
  result: string | null;
  error: string | null;
  node: string;
  /** Set by cancelJob; the process running the record aborts it at its next tick. */
  cancelRequestedAt: NullableTimestamp;
}

export interface SysJobClusterTable {
  clusterId: string;
  host: string;
  pid: number;
  queue: string;
  status: string;
  startedAt: Timestamp;
  heartbeatAt: Timestamp;
}

/** One row per process holding realtime connections, refreshed while it lives. */
export interface SysOnlineServerTable {
  serverId: string;
  heartbeatAt: Timestamp;
}
