import { BUILTIN_HANDLERS } from '../../platform/jobs/builtin-jobs.js';
import type { JobHandlers } from '../../platform/jobs/job-handlers.js';
import { syncEveryDirectory } from '../sys-ldap/ldap-scheduled-sync.js';
import { purgeExpiredLogs } from '../sys-log/log-retention.service.js';

/**
 * Built-in job handlers whose work belongs to a module (the platform may not import modules): the
 * sysJob plugin registers them on the engine when the app is built, before the engine starts.
 */
export function registerModuleHandlers(handlers: JobHandlers): void {
  handlers.register(BUILTIN_HANDLERS.logRetention, async ({ ctx }) => {
    const { deleted } = await purgeExpiredLogs(ctx);
    return `deleted ${JSON.stringify(deleted)}`;
  });
  handlers.register(BUILTIN_HANDLERS.ldapSync, async ({ ctx }) => {
    const outcomes = await syncEveryDirectory(ctx);
    const failed = outcomes.filter((o) => o.error);
    const summary = outcomes.map((o) => `${o.tenantId}: ${o.error ?? o.summary}`).join('; ');
    // A tenant whose directory failed fails the run (its history shows why); the others are done.
    if (failed.length > 0) throw new Error(summary);
    return outcomes.length === 0 ? 'no tenant has an enabled directory' : summary;
  });
}
