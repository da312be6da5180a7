import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { configValue } from '../sys-config/config-values.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';
import { purgeBatch, RETAINED_LOGS, tenantIds, type RetainedLog } from './log-retention.repo.js';

/** Admin.NET's config item for how many days logs are kept, and its default. */
export const RETENTION_CONFIG_CODE = 'sys_log_retention_days';
export const DEFAULT_RETENTION_DAYS = 180;
/** Rows deleted per statement (and per transaction): bounded so a large purge never blocks writers for long. */
export const PURGE_BATCH = 5000;

export interface PurgeOptions {
  /** A tenant's retention in days; by default the config item (configuredRetention). */
  retentionDays?: (ctx: AppContext, tenantId: string) => Promise<number>;
  batchSize?: number;
}

/** The tenant's retention setting: a whole number of days of at least 1, else the default. */
export function parseRetentionDays(value: string | null | undefined): number {
  const days = Number(value?.trim());
  return Number.isInteger(days) && days >= 1 ? days : DEFAULT_RETENTION_DAYS;
}

/**
 * A tenant's retention: its own `sys_log_retention_days` item, else the platform's (the default
 * tenant's, seeded by sysConfig), else 180 days. Read through sysConfig's cached reader.
 */
export async function configuredRetention(ctx: AppContext, tenantId: string): Promise<number> {
  const own = await configValue(ctx, RETENTION_CONFIG_CODE, tenantId);
  if (own !== undefined || tenantId === DEFAULT_TENANT_ID) return parseRetentionDays(own);
  return parseRetentionDays(await configValue(ctx, RETENTION_CONFIG_CODE, DEFAULT_TENANT_ID));
}

/**
 * Deletes the log rows older than each tenant's retention (visit, operation, difference, exception,
 * HTTP request and message logs), oldest first in bounded batches, each batch its own transaction in the
 * tenant's database. Answers how many rows of each log went. The "log retention" job calls it.
 * Deleting the oldest operation and difference rows keeps their hash chain verifiable: verification
 * starts from the oldest row still there.
 */
export async function purgeExpiredLogs(
  ctx: AppContext,
  now = new Date(),
  options: PurgeOptions = {},
): Promise<{ deleted: Record<string, number> }> {
  const retention = options.retentionDays ?? configuredRetention;
  const limit = options.batchSize ?? PURGE_BATCH;
  const deleted: Record<string, number> = {};
  for (const log of Object.keys(RETAINED_LOGS) as RetainedLog[]) deleted[log] = 0;
  for (const { id: tenantId } of await tenantIds(ctx.db.global)) {
    const days = await retention(ctx, tenantId);
    const before = new Date(now.getTime() - days * 86_400_000);
    for (const log of Object.keys(RETAINED_LOGS) as RetainedLog[]) {
      for (;;) {
        const count = await ctx.db.tenant(tenantId, (trx) => purgeBatch(trx, log, tenantId, before, limit));
        deleted[log]! += count;
        if (count > 0) await countCacheOf(ctx.cache).changed(tenantId, log);
        if (count < limit) break;
      }
    }
  }
  return { deleted };
}
