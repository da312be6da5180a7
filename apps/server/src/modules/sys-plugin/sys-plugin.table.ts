import type { Generated } from 'kysely';
import type { Audit, Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';

/** A plugin the server knows (0026_plugins): a platform table, shared by every tenant. */
export interface SysPluginTable extends Audit {
  id: Id;
  name: string;
  version: string;
  description: string | null;
  /** 'folder' (found in the plugins folder) or 'upload' (uploaded as a .zip by the super admin). */
  source: Generated<string>;
  /** 1 enabled, 2 disabled. */
  status: Generated<number>;
  /** Why the last start refused to load it; null when it loaded. */
  error: string | null;
  loadedTime: NullableTimestamp;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysPlugin: SysPluginTable;
  }
}
