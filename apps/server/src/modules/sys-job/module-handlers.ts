import { BUILTIN_HANDLERS } from '../../platform/jobs/builtin-jobs.js';
import type { JobHandlers } from '../../platform/jobs/job-handlers.js';
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
}
