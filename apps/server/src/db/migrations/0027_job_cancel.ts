import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * cancelJob reaches every process: it marks the job's running records, and each process's engine
 * aborts the runs of its own that are marked (0014 kept cancellation to the process that was asked).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_job_trigger_record add column cancel_requested_at timestamptz`.execute(db);
}
