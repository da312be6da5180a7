import type { AppContext } from '../context.js';
import type { Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { deleteExpiredTokenFamilies } from './builtin-jobs.repo.js';
import { HTTP_JOB_TYPE, httpJobHandler, type JobHandlers } from './job-handlers.js';
import { insertJobIfMissing, insertTriggerIfMissing } from './job-store.repo.js';
import { nextFire } from './schedule.js';

/** The handler names of the built-in jobs (their job type). */
export const BUILTIN_HANDLERS = {
  logRetention: 'logRetention',
  tokenCleanup: 'expiredTokenCleanup',
  onlineCleanup: 'onlineUserCleanup',
  ldapSync: 'ldapSync',
} as const;

/** Expired token families are kept a day longer, so "why was I signed out" stays answerable a while. */
const TOKEN_GRACE_MS = 86_400_000;

/** Deletes expired refresh-token families in the main database and in tenants' own databases. */
export async function cleanupExpiredTokens(ctx: AppContext, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TOKEN_GRACE_MS);
  const work = (trx: Trx) => deleteExpiredTokenFamilies(trx, before);
  let deleted = 0;
  const own = ctx.db.tenantDatabases;
  for (const tenantId of own?.ownTenantIds() ?? []) {
    const tenantDb = await own!.get(tenantId).catch(() => undefined);
    deleted += tenantDb ? await tenantDb.platform(work) : 0;
  }
  return deleted + (await ctx.db.platform(work));
}

/** The platform's handlers; handlers of modules (log retention) are registered by sys-job's plugin. */
export function registerBuiltinHandlers(handlers: JobHandlers): void {
  handlers.register(BUILTIN_HANDLERS.tokenCleanup, async ({ ctx }) => {
    return `deleted ${await cleanupExpiredTokens(ctx)} expired token families`;
  });
  handlers.register(BUILTIN_HANDLERS.onlineCleanup, async ({ ctx }) => {
    return `deleted ${await ctx.realtime.store.removeDeadServers()} connections of stopped processes`;
  });
  handlers.register(HTTP_JOB_TYPE, httpJobHandler);
}

interface BuiltinJob {
  jobId: string;
  jobType: string;
  description: string;
  trigger: { triggerId: string; kind: 'cron' | 'interval'; expression?: string; intervalMs?: number };
}

/** The built-in job details and their triggers, in the platform group. */
export const BUILTIN_JOBS: readonly BuiltinJob[] = [
  {
    jobId: 'job_log_retention',
    jobType: BUILTIN_HANDLERS.logRetention,
    description: 'Delete logs older than each tenant\u2019s retention',
    trigger: { triggerId: 'trigger_log_retention', kind: 'cron', expression: '0 0 3 * * *' },
  },
  {
    jobId: 'job_token_cleanup',
    jobType: BUILTIN_HANDLERS.tokenCleanup,
    description: 'Delete expired refresh tokens and their revocations',
    trigger: { triggerId: 'trigger_token_cleanup', kind: 'cron', expression: '0 30 3 * * *' },
  },
  {
    jobId: 'job_online_cleanup',
    jobType: BUILTIN_HANDLERS.onlineCleanup,
    description: 'Delete online users of processes that stopped heartbeating',
    trigger: { triggerId: 'trigger_online_cleanup', kind: 'interval', intervalMs: 60_000 },
  },
  {
    jobId: 'job_ldap_sync',
    jobType: BUILTIN_HANDLERS.ldapSync,
    description: 'Synchronise units and people of every tenant\u2019s enabled LDAP directory',
    trigger: { triggerId: 'trigger_ldap_sync', kind: 'cron', expression: '0 0 2 * * *' },
  },
];

/**
 * Adds the built-in jobs that are missing (first start, and existing installs after an upgrade);
 * ones an administrator changed or paused are left as they are.
 */
export async function ensureBuiltinJobs(trx: Trx, now = new Date()): Promise<void> {
  for (const job of BUILTIN_JOBS) {
    await insertJobIfMissing(trx, {
      id: newId(),
      jobId: job.jobId,
      groupName: 'platform',
      jobType: job.jobType,
      description: job.description,
      concurrent: false,
      createType: 0,
      builtIn: true,
    });
    const timing = {
      kind: job.trigger.kind,
      expression: job.trigger.expression ?? null,
      intervalMs: job.trigger.intervalMs ?? null,
      runAt: null,
      startTime: null,
      endTime: null,
    };
    await insertTriggerIfMissing(trx, {
      id: newId(),
      triggerId: job.trigger.triggerId,
      jobId: job.jobId,
      kind: timing.kind,
      expression: timing.expression,
      intervalMs: timing.intervalMs,
      nextRunTime: nextFire(timing, now),
      builtIn: true,
    });
  }
}
