import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysJobDetailTable, SysJobTriggerTable } from '../../platform/db/schema.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { JobDetailPageInput, JobRecordPageInput } from './sys-job.schema.js';

const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The SQL of sysJob's screens (the engine's own SQL is platform/jobs/job-store.repo.ts). */
export class SysJobRepo {
  pageJobs(trx: Trx, input: JobDetailPageInput) {
    let query = trx.selectFrom('sysJobDetail').selectAll();
    if (input.jobId?.trim()) query = query.where('jobId', 'ilike', like(input.jobId.trim()));
    if (input.groupName?.trim()) query = query.where('groupName', '=', input.groupName.trim());
    if (input.description?.trim())
      query = query.where('description', 'ilike', like(input.description.trim()));
    const sort = resolveSort(
      input,
      { jobId: 'job_id', groupName: 'group_name', createTime: 'create_time' },
      { column: 'create_time', direction: 'asc' },
    );
    return paginate(query, input, sort);
  }

  findJob(trx: Trx, jobId: string) {
    return trx.selectFrom('sysJobDetail').selectAll().where('jobId', '=', jobId).executeTakeFirst();
  }

  async insertJob(trx: Trx, row: Insertable<SysJobDetailTable>): Promise<void> {
    await trx.insertInto('sysJobDetail').values(row).execute();
  }

  async updateJob(trx: Trx, jobId: string, patch: Updateable<SysJobDetailTable>): Promise<void> {
    await trx.updateTable('sysJobDetail').set(patch).where('jobId', '=', jobId).execute();
  }

  /** Deletes a job, its triggers (foreign key cascade) and its run records. */
  async deleteJob(trx: Trx, jobId: string): Promise<void> {
    await trx.deleteFrom('sysJobTriggerRecord').where('jobId', '=', jobId).execute();
    await trx.deleteFrom('sysJobDetail').where('jobId', '=', jobId).execute();
  }

  triggersOf(trx: Trx, jobIds: readonly string[]) {
    if (!jobIds.length) return Promise.resolve([]);
    return trx
      .selectFrom('sysJobTrigger')
      .selectAll()
      .where('jobId', 'in', jobIds)
      .orderBy('createTime')
      .orderBy('id')
      .execute();
  }

  findTrigger(trx: Trx, triggerId: string) {
    return trx.selectFrom('sysJobTrigger').selectAll().where('triggerId', '=', triggerId).executeTakeFirst();
  }

  async insertTrigger(trx: Trx, row: Insertable<SysJobTriggerTable>): Promise<void> {
    await trx.insertInto('sysJobTrigger').values(row).execute();
  }

  async updateTrigger(trx: Trx, triggerId: string, patch: Updateable<SysJobTriggerTable>): Promise<void> {
    await trx.updateTable('sysJobTrigger').set(patch).where('triggerId', '=', triggerId).execute();
  }

  async deleteTrigger(trx: Trx, triggerId: string): Promise<void> {
    await trx.deleteFrom('sysJobTrigger').where('triggerId', '=', triggerId).execute();
  }

  /** Triggers to pause or start: one job's, or all (jobId undefined). */
  triggersToSwitch(trx: Trx, jobId: string | undefined, statuses: readonly string[]) {
    let query = trx.selectFrom('sysJobTrigger').selectAll().where('status', 'in', statuses);
    if (jobId) query = query.where('jobId', '=', jobId);
    return query.execute();
  }

  pageRecords(trx: Trx, input: JobRecordPageInput) {
    let query = trx.selectFrom('sysJobTriggerRecord').selectAll();
    if (input.jobId?.trim()) query = query.where('jobId', '=', input.jobId.trim());
    if (input.triggerId?.trim()) query = query.where('triggerId', '=', input.triggerId.trim());
    if (input.status) query = query.where('status', '=', input.status);
    const sort = resolveSort(
      input,
      { startedAt: 'started_at', elapsed: 'elapsed', jobId: 'job_id' },
      { column: 'started_at', direction: 'desc' },
    );
    return paginate(query, input, sort);
  }

  async clearRecords(trx: Trx, jobId: string | undefined): Promise<void> {
    // Runs in progress keep their row: it is what stops a non-concurrent job from starting twice.
    let query = trx.deleteFrom('sysJobTriggerRecord').where('status', '<>', 'running');
    if (jobId) query = query.where('jobId', '=', jobId);
    await query.execute();
  }

  async groups(trx: Trx): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysJobDetail')
      .select('groupName')
      .distinct()
      .where('groupName', 'is not', null)
      .orderBy('groupName')
      .execute();
    return rows.map((r) => r.groupName!);
  }

  clusters(trx: Trx) {
    return trx.selectFrom('sysJobCluster').selectAll().orderBy('startedAt', 'desc').execute();
  }

  running(trx: Trx) {
    return trx
      .selectFrom('sysJobTriggerRecord')
      .selectAll()
      .where('status', '=', 'running')
      .orderBy('startedAt', 'desc')
      .limit(50)
      .execute();
  }

  lastFailures(trx: Trx, limit: number) {
    return trx
      .selectFrom('sysJobTriggerRecord')
      .selectAll()
      .where('status', '=', 'failed')
      .orderBy('startedAt', 'desc')
      .limit(limit)
      .execute();
  }

  nextFires(trx: Trx, limit: number) {
    return trx
      .selectFrom('sysJobTrigger')
      .select(['jobId', 'triggerId', 'nextRunTime'])
      .where('status', '=', 'ready')
      .where('nextRunTime', 'is not', null)
      .orderBy(sql.ref('next_run_time'))
      .limit(limit)
      .execute();
  }
}
