import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../db/database.js';
import type { SysJobDetailTable, SysJobTriggerRecordTable, SysJobTriggerTable } from '../db/schema.js';

/** The SQL of the job engine: due triggers, claims, run records and the cluster heartbeat. */

export type JobDetail = Selectable<SysJobDetailTable>;
export type JobTrigger = Selectable<SysJobTriggerTable>;
export type JobRecord = Selectable<SysJobTriggerRecordTable>;

export function findJob(trx: Trx, jobId: string): Promise<JobDetail | undefined> {
  return trx.selectFrom('sysJobDetail').selectAll().where('jobId', '=', jobId).executeTakeFirst();
}

export function findTrigger(trx: Trx, triggerId: string): Promise<JobTrigger | undefined> {
  return trx.selectFrom('sysJobTrigger').selectAll().where('triggerId', '=', triggerId).executeTakeFirst();
}

/** Ready triggers whose next fire time has come, oldest first. */
export function dueTriggers(trx: Trx, now: Date, limit = 50): Promise<JobTrigger[]> {
  return trx
    .selectFrom('sysJobTrigger')
    .selectAll()
    .where('status', '=', 'ready')
    .where('nextRunTime', '<=', now)
    .orderBy('nextRunTime')
    .limit(limit)
    .execute();
}

/**
 * Claims one fire: moves the trigger on to its next fire time only if no other scheduler moved it
 * first (compare-and-set on next_run_time). Answers whether this caller won the fire.
 */
export async function claimFire(
  trx: Trx,
  trigger: JobTrigger,
  next: Date | null,
  status: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('sysJobTrigger')
    .set({
      nextRunTime: next,
      lastRunTime: trigger.nextRunTime,
      numberOfRuns: sql`number_of_runs + 1`,
      status,
    })
    .where('triggerId', '=', trigger.triggerId)
    .where('status', '=', 'ready')
    .where('nextRunTime', '=', trigger.nextRunTime!)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Serialises the start of runs of one job across processes, until the transaction ends. */
export async function lockJob(trx: Trx, jobId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${'lintel-job:' + jobId}))`.execute(trx);
}

export async function hasRunningRun(trx: Trx, jobId: string): Promise<boolean> {
  const row = await trx
    .selectFrom('sysJobTriggerRecord')
    .select('id')
    .where('jobId', '=', jobId)
    .where('status', '=', 'running')
    .limit(1)
    .executeTakeFirst();
  return !!row;
}

/**
 * Earlier attempts of a fire still "running" when the queue delivers it again: the queue gave up on
 * them (their process died, or they outlived the lease), so they are failed before the new attempt,
 * which a non-concurrent job would otherwise skip as "still running".
 */
export async function failEarlierAttempts(
  trx: Trx,
  fire: { jobId: string; triggerId: string; fireTime: string },
  attempt: number,
  error: string,
): Promise<number> {
  const result = await trx
    .updateTable('sysJobTriggerRecord')
    .set({ status: 'failed', finishedAt: new Date(), error })
    .where('jobId', '=', fire.jobId)
    .where('triggerId', '=', fire.triggerId)
    .where('fireTime', '=', new Date(fire.fireTime))
    .where('attempt', '<', attempt)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Marks a job's running records cancelled (every process aborts its own at its next tick). */
export async function requestCancel(trx: Trx, jobId: string): Promise<number> {
  const rows = await trx
    .updateTable('sysJobTriggerRecord')
    .set({ cancelRequestedAt: sql`now()` })
    .where('jobId', '=', jobId)
    .where('status', '=', 'running')
    .returning('id')
    .execute();
  return rows.length;
}

/** Which of these running records were asked to stop. */
export async function cancelRequested(trx: Trx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('sysJobTriggerRecord')
    .select('id')
    .where('id', 'in', ids)
    .where('cancelRequestedAt', 'is not', null)
    .execute();
  return rows.map((r) => r.id);
}

export async function insertRecord(trx: Trx, row: Insertable<SysJobTriggerRecordTable>): Promise<void> {
  await trx.insertInto('sysJobTriggerRecord').values(row).execute();
}

export async function finishRecord(
  trx: Trx,
  id: string,
  patch: Updateable<SysJobTriggerRecordTable>,
): Promise<void> {
  await trx.updateTable('sysJobTriggerRecord').set(patch).where('id', '=', id).execute();
}

/** Counts a failed run; a trigger reaching its error limit stops (overrun). */
export async function countError(trx: Trx, triggerId: string): Promise<void> {
  await trx
    .updateTable('sysJobTrigger')
    .set({
      numberOfErrors: sql`number_of_errors + 1`,
      status: sql`case when max_number_of_errors > 0 and number_of_errors + 1 >= max_number_of_errors
                       and status = 'ready' then 'overrun' else status end`,
    })
    .where('triggerId', '=', triggerId)
    .execute();
}

/** Ready triggers that ask to fire when the engine starts: due now. */
export async function dueOnStart(trx: Trx, now: Date): Promise<void> {
  await trx
    .updateTable('sysJobTrigger')
    .set({ nextRunTime: now })
    .where('runOnStart', '=', true)
    .where('status', '=', 'ready')
    .execute();
}

export async function beat(
  trx: Trx,
  node: { clusterId: string; host: string; pid: number; queue: string; status: string },
): Promise<void> {
  await trx
    .insertInto('sysJobCluster')
    .values({ ...node, heartbeatAt: new Date() })
    .onConflict((oc) => oc.column('clusterId').doUpdateSet({ heartbeatAt: new Date(), status: node.status }))
    .execute();
}

/** Nodes other than `self` whose heartbeat is newer than `since`. */
export async function otherLiveNodes(trx: Trx, self: string, since: Date): Promise<number> {
  const row = await trx
    .selectFrom('sysJobCluster')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('clusterId', '<>', self)
    .where('status', '=', 'working')
    .where('heartbeatAt', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Runs left "running" by a process that stopped heartbeating (it crashed mid-run) are failed, so a
 * non-concurrent job is not blocked for ever; nodes silent for a day are forgotten.
 */
export async function failOrphanRuns(trx: Trx, since: Date, error: string): Promise<number> {
  const result = await trx
    .updateTable('sysJobTriggerRecord')
    .set({ status: 'failed', finishedAt: new Date(), error })
    .where('status', '=', 'running')
    .where((eb) =>
      eb(
        'node',
        'not in',
        eb
          .selectFrom('sysJobCluster')
          .select('clusterId')
          .where('heartbeatAt', '>', since)
          .where('status', '=', 'working'),
      ),
    )
    .executeTakeFirst();
  await trx
    .deleteFrom('sysJobCluster')
    .where('heartbeatAt', '<', new Date(Date.now() - 86_400_000))
    .execute();
  return Number(result.numUpdatedRows);
}

export async function insertJobIfMissing(trx: Trx, row: Insertable<SysJobDetailTable>): Promise<void> {
  await trx
    .insertInto('sysJobDetail')
    .values(row)
    .onConflict((oc) => oc.column('jobId').doNothing())
    .execute();
}

export async function insertTriggerIfMissing(trx: Trx, row: Insertable<SysJobTriggerTable>): Promise<void> {
  await trx
    .insertInto('sysJobTrigger')
    .values(row)
    .onConflict((oc) => oc.column('triggerId').doNothing())
    .execute();
}
