import { createHash } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Fire } from './job-runner.js';

export const JOB_QUEUE = 'lintel-jobs';
/** pg-boss keeps its tables in a schema of its own, created by the login that owns the database. */
export const BOSS_SCHEMA = 'pgboss';
/** Runs one process takes on at the same time. */
const WORKERS = 4;

/** A deterministic uuid for a fire, so that the same fire is stored once whoever sends it. */
function fireUuid(key: string): string {
  const hex = createHash('sha256').update(key).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * The cluster's queue of fires on PostgreSQL (pg-boss 10): each due fire is stored once (singleton
 * key `<triggerId>:<fireTime>` and an id derived from it), one worker of one process takes it, a
 * failed run is re-delivered up to the trigger's retry count, and a run whose process died
 * (its lease expires) is delivered again.
 */
export class BossQueue {
  private readonly boss: PgBoss;

  /**
   * `leaseSeconds`: how long a delivered fire may stay unfinished before it counts as lost and is
   * delivered again (retries permitting). pg-boss looks for lost fires at its maintenance, which
   * therefore runs at least twice per lease (and at most every 2 minutes, its default).
   */
  constructor(
    url: string,
    private readonly log: FastifyBaseLogger,
    private readonly leaseSeconds: number,
  ) {
    // The login of the URL (the schema's owner), not the app role: the app role needs no rights on it.
    this.boss = new PgBoss({
      connectionString: url,
      schema: BOSS_SCHEMA,
      max: 3,
      schedule: false,
      maintenanceIntervalSeconds: Math.max(1, Math.min(120, Math.floor(leaseSeconds / 2))),
    });
    this.boss.on('error', (error) => log.warn({ err: error }, 'pg-boss error'));
  }

  async start(work: (fire: Fire, attempt: number) => Promise<void>): Promise<void> {
    await this.boss.start();
    await this.ensureQueue();
    // A pg-boss 10 worker runs one batch at a time: several workers let runs overlap (a long run
    // does not hold back the others, and a non-concurrent job's next fire is seen, and skipped).
    for (let i = 0; i < WORKERS; i++) {
      await this.boss.work<Fire>(
        JOB_QUEUE,
        { batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
        async ([job]) => {
          if (job) await work(job.data, job.retryCount + 1);
        },
      );
    }
  }

  /**
   * Creates the queue unless it exists. Processes starting together race to create it (pg-boss
   * creates a table partition per queue): a deadlock or a duplicate means another one won, so look again.
   */
  private async ensureQueue(): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (!(await this.boss.getQueue(JOB_QUEUE))) await this.boss.createQueue(JOB_QUEUE);
        return;
      } catch (error) {
        const code = (error as { code?: string }).code;
        if (attempt >= 5 || !['40P01', '23505', '42P07', '42710'].includes(code ?? '')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200));
      }
    }
  }

  async send(fire: Fire, retry: { limit: number; delayMs: number }): Promise<void> {
    const key = fire.triggerId && fire.fireTime ? `${fire.triggerId}:${fire.fireTime}` : undefined;
    await this.boss.send(JOB_QUEUE, fire, {
      ...(key ? { id: fireUuid(key), singletonKey: key, singletonHours: 23 } : {}),
      retryLimit: retry.limit,
      retryDelay: Math.ceil(retry.delayMs / 1000),
      // A run whose process died is offered again after this long.
      expireInSeconds: this.leaseSeconds,
    });
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000 }).catch((error: unknown) => {
      this.log.warn({ err: error }, 'pg-boss did not stop cleanly');
    });
  }
}
