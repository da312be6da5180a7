import type { Generated } from 'kysely';
import type { Audit, Id, NullableTimestamp } from '../db/tables/column-types.js';

/**
 * An open API access key (0023_open_access). The gate reads it for signed requests, so its type
 * lives with the platform; the sysOpenAccess module manages the rows.
 */
export interface SysOpenAccessTable extends Audit {
  id: Id;
  tenantId: Id;
  /** `<tenantId>_<random>`: names the tenant whose transaction finds the row. */
  accessKey: string;
  /** Sealed by secret-box; opened only to check or compute a signature. */
  accessSecret: string;
  bindUserId: Id;
  status: Generated<number>;
  remark: string | null;
  lastUsedTime: NullableTimestamp;
  lastUsedIp: string | null;
}

declare module '../db/schema.js' {
  interface ModuleTables {
    sysOpenAccess: SysOpenAccessTable;
  }
}
