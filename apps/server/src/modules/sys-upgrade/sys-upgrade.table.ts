import type { Generated } from 'kysely';
import type { Audit, Id, Timestamp } from '../../platform/db/tables/column-types.js';

/** A release note (0025_upgrade_log): a platform table, one list for every tenant. */
export interface SysUpgradeTable extends Audit {
  id: Id;
  version: string;
  title: string;
  /** Markdown. */
  content: Generated<string>;
  publishTime: Timestamp;
  /** 1 published, 2 draft. */
  status: Generated<number>;
}

/** Which account read which note. */
export interface SysUpgradeReadTable {
  upgradeId: Id;
  userId: Id;
  readTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysUpgrade: SysUpgradeTable;
    sysUpgradeRead: SysUpgradeReadTable;
  }
}
