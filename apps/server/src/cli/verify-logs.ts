import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { createContext } from '../platform/context.js';
import type { ChainedLog } from '../platform/audit/hash-chain.js';
import { tenantIds } from '../modules/sys-log/log-retention.repo.js';
import { verifyChain } from '../modules/sys-log/chain-verify.service.js';

/**
 * npm run logs:verify [-- --tenant <id>]: walks the hash chains of the operation and difference logs
 * of every tenant (or one) in the configured database (DATABASE_URL or the embedded one under
 * DATA_DIR) and prints the first broken link of each, or "intact, N rows". Exits 1 when any is broken.
 */
const { values } = parseArgs({ options: { tenant: { type: 'string' } } });
const say = (line: string) => process.stdout.write(`${line}\n`);

const ctx = await createContext(loadConfig(process.env));
let broken = false;
try {
  const tenants = values.tenant ? [values.tenant] : (await tenantIds(ctx.db.global)).map((t) => t.id);
  for (const tenantId of tenants) {
    for (const log of ['sysLogOp', 'sysLogDiff'] as ChainedLog[]) {
      const report = await verifyChain(ctx, log, tenantId);
      const before = report.unchained ? ` (+${report.unchained} written before the chain)` : '';
      if (report.intact) {
        say(`tenant ${tenantId} ${log}: intact, ${report.rows} rows${before}`);
      } else {
        broken = true;
        say(
          `tenant ${tenantId} ${log}: BROKEN at row ${report.brokenId} (${report.brokenTime}): ${report.reason}; ` +
            `${report.rows} rows checked${before}`,
        );
      }
    }
  }
} finally {
  await ctx.close();
}
process.exit(broken ? 1 : 0);
