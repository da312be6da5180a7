import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { tooManyRequests } from '../../platform/http/errors.js';
import { AiProviderRepo } from './ai-provider.repo.js';

/** A tenant's limits; 0 means none. */
export interface AiLimits {
  tenantRequestsPerMinute: number;
  userRequestsPerMinute: number;
  tenantTokensPerDay: number;
  userTokensPerDay: number;
}

export const NO_LIMITS: AiLimits = {
  tenantRequestsPerMinute: 0,
  userRequestsPerMinute: 0,
  tenantTokensPerDay: 0,
  userTokensPerDay: 0,
};

const repo = new AiProviderRepo();
const LIMITS_TTL_SECONDS = 60;
const limitsKey = (tenantId: string) => `aiLimits:${tenantId}`;

/** The day usage is counted in (UTC, like the other day-keyed counters of the server). */
export const usageDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** The tenant's limits, through the shared cache (setLimits drops it, so a change applies at once). */
export async function tenantLimits(ctx: AppContext, tenantId: string): Promise<AiLimits> {
  const cached = await ctx.cache.get<AiLimits>(limitsKey(tenantId));
  if (cached) return cached;
  const row = await ctx.db.tenant(tenantId, (trx) => repo.limits(trx));
  const limits: AiLimits = row
    ? {
        tenantRequestsPerMinute: row.tenantRequestsPerMinute,
        userRequestsPerMinute: row.userRequestsPerMinute,
        tenantTokensPerDay: Number(row.tenantTokensPerDay),
        userTokensPerDay: Number(row.userTokensPerDay),
      }
    : NO_LIMITS;
  await ctx.cache.set(limitsKey(tenantId), limits, LIMITS_TTL_SECONDS);
  return limits;
}

export const forgetLimits = (ctx: AppContext, tenantId: string) => ctx.cache.del(limitsKey(tenantId));

/**
 * Counts a request against the per-minute limits and checks the daily token budgets; throws a
 * localized 429 when one is reached. The minute counters live in the shared cache (Redis when
 * configured), so the limits hold across API processes; a fixed one-minute window, as the sign-in
 * limits use. The user's counter is checked first, so one user's refused requests do not use up the
 * tenant's minute.
 */
export async function checkAiLimits(ctx: AppContext, principal: Principal, now = new Date()): Promise<void> {
  const limits = await tenantLimits(ctx, principal.tenantId);
  const minute = Math.floor(now.getTime() / 60_000);
  const secondsLeft = 60 - now.getUTCSeconds();
  if (limits.userRequestsPerMinute > 0) {
    const count = await ctx.cache.incr(`aiRate:u:${principal.tenantId}:${principal.userId}:${minute}`, 120);
    if (count > limits.userRequestsPerMinute)
      throw tooManyRequests('ai.limit.userPerMinute', {
        limit: limits.userRequestsPerMinute,
        seconds: secondsLeft,
      });
  }
  if (limits.tenantRequestsPerMinute > 0) {
    const count = await ctx.cache.incr(`aiRate:t:${principal.tenantId}:${minute}`, 120);
    if (count > limits.tenantRequestsPerMinute)
      throw tooManyRequests('ai.limit.tenantPerMinute', {
        limit: limits.tenantRequestsPerMinute,
        seconds: secondsLeft,
      });
  }
  if (limits.userTokensPerDay > 0 || limits.tenantTokensPerDay > 0) {
    const used = await ctx.db.tenant(principal.tenantId, (trx) =>
      repo.tokensOn(trx, usageDay(now), principal.userId),
    );
    if (limits.userTokensPerDay > 0 && used.user >= limits.userTokensPerDay)
      throw tooManyRequests('ai.limit.userTokensPerDay', { limit: limits.userTokensPerDay });
    if (limits.tenantTokensPerDay > 0 && used.tenant >= limits.tenantTokensPerDay)
      throw tooManyRequests('ai.limit.tenantTokensPerDay', { limit: limits.tenantTokensPerDay });
  }
}
