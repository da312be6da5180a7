import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { SysConfigRepo } from './sys-config.repo.js';

/** How long a read value is kept; writes through sysConfig drop it at once. */
const TTL_SECONDS = 300;
const key = (tenantId: string, code: string) => `sysConfig:${tenantId}:${code}`;
const repo = new SysConfigRepo();

/**
 * Reads configuration values for the product's own code (the log purge reads
 * `sys_log_retention_days` here), through the shared cache: process memory, or Redis shared by every
 * API process. sysConfig's writes call `forgetConfig`, so a saved value is read back at once.
 * Call it outside a database transaction (it opens its own on a cache miss).
 */
export async function configValue(
  ctx: AppContext,
  code: string,
  tenantId: string = DEFAULT_TENANT_ID,
): Promise<string | undefined> {
  const cached = await ctx.cache.get<{ value: string | null }>(key(tenantId, code));
  if (cached) return cached.value ?? undefined;
  const value = await ctx.db.tenant(tenantId, (trx) => repo.value(trx, code));
  // An absent item is cached too (as null), so a reader in a loop does not query each time.
  await ctx.cache.set(key(tenantId, code), { value: value ?? null }, TTL_SECONDS);
  return value ?? undefined;
}

/** A whole-number setting; `fallback` when the item is absent or not a number. */
export async function configInt(
  ctx: AppContext,
  code: string,
  fallback: number,
  tenantId: string = DEFAULT_TENANT_ID,
): Promise<number> {
  const text = (await configValue(ctx, code, tenantId))?.trim();
  return text && /^-?\d+$/.test(text) ? Number(text) : fallback;
}

/** A True/False setting (Admin.NET writes them so); `fallback` when absent. */
export async function configBool(
  ctx: AppContext,
  code: string,
  fallback: boolean,
  tenantId: string = DEFAULT_TENANT_ID,
): Promise<boolean> {
  const text = (await configValue(ctx, code, tenantId))?.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : fallback;
}

/** Drops cached values after a write. */
export function forgetConfig(ctx: AppContext, tenantId: string, codes: string[]): Promise<void> {
  return codes.length ? ctx.cache.del(...codes.map((code) => key(tenantId, code))) : Promise.resolve();
}
