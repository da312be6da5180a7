import type { JobClusterRow, JobRecordRow, JobTriggerRow } from '@lintel/contracts/wire';
import { iso } from '../../platform/audit/stamps.js';
import type { Selectable } from 'kysely';
import type { SysJobClusterTable } from '../../platform/db/schema.js';
import { formatIso } from '../../platform/http/result.js';
import type { JobDetail, JobRecord, JobTrigger } from '../../platform/jobs/job-store.repo.js';
import { NODE_STALE_MS } from '../../platform/jobs/job-engine.js';

/** Rows of the job tables as the wire writes them. */

export const toTrigger = (row: JobTrigger): JobTriggerRow => ({
  id: row.id,
  triggerId: row.triggerId,
  jobId: row.jobId,
  kind: row.kind,
  expression: row.expression,
  intervalMs: row.intervalMs === null ? null : Number(row.intervalMs),
  runAt: iso(row.runAt),
  startTime: iso(row.startTime),
  endTime: iso(row.endTime),
  maxNumberOfRuns: row.maxNumberOfRuns,
  numberOfRuns: row.numberOfRuns,
  maxNumberOfErrors: row.maxNumberOfErrors,
  numberOfErrors: row.numberOfErrors,
  numRetries: row.numRetries,
  retryTimeout: row.retryTimeout,
  status: row.status,
  lastRunTime: iso(row.lastRunTime),
  nextRunTime: iso(row.nextRunTime),
  runOnStart: row.runOnStart,
  description: row.description,
  builtIn: row.builtIn,
});

export const toJob = (row: JobDetail, triggers: JobTrigger[]) => ({
  id: row.id,
  jobId: row.jobId,
  groupName: row.groupName,
  jobType: row.jobType,
  description: row.description,
  concurrent: row.concurrent,
  properties: row.properties,
  createType: row.createType,
  http: row.httpRequest,
  builtIn: row.builtIn,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
  triggers: triggers.map(toTrigger),
});

export const toRecord = (row: JobRecord): JobRecordRow => ({
  id: row.id,
  jobId: row.jobId,
  triggerId: row.triggerId,
  fireTime: iso(row.fireTime),
  attempt: row.attempt,
  startedAt: formatIso(row.startedAt),
  finishedAt: iso(row.finishedAt),
  elapsed: row.elapsed,
  status: row.status,
  result: row.result,
  error: row.error,
  node: row.node,
});

/** A node is working while it heartbeats; one that went silent without saying "stopped" crashed. */
export const toCluster = (row: Selectable<SysJobClusterTable>, now = Date.now()): JobClusterRow => ({
  clusterId: row.clusterId,
  host: row.host,
  pid: row.pid,
  status:
    row.status === 'working' && now - row.heartbeatAt.getTime() > NODE_STALE_MS ? 'crashed' : row.status,
  queue: row.queue,
  startedAt: formatIso(row.startedAt),
  heartbeatAt: formatIso(row.heartbeatAt),
});
