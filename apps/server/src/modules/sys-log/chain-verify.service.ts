import type { AppContext } from '../../platform/context.js';
import { chainSlice } from '../../platform/audit/audit-log.repo.js';
import { ChainWalker, type ChainedLog, type ChainReport } from '../../platform/audit/hash-chain.js';

/** Rows read per transaction while walking a chain. */
const SLICE = 2000;

/**
 * Walks one tenant's operation or difference log chain in insertion order and reports the first
 * broken link (row id and time) or that it is intact with N rows. Entries still queued are written
 * first. Each slice is read in its own transaction of the tenant, so a long walk holds nothing.
 */
export async function verifyChain(ctx: AppContext, log: ChainedLog, tenantId: string): Promise<ChainReport> {
  await ctx.audit.flush();
  const walker = new ChainWalker(log);
  let after = '0';
  for (;;) {
    const rows = await ctx.db.tenant(tenantId, (trx) => chainSlice(trx, log, tenantId, after, SLICE));
    for (const row of rows) if (!walker.next(row as never)) return walker.report();
    if (rows.length < SLICE) return walker.report();
    after = rows[rows.length - 1]!.seq;
  }
}
