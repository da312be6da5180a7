import type { ColumnType, Generated } from 'kysely';
import type { Id } from './column-types.js';

/** The operation and difference logs (0005_audit_logs). */

export interface SysLogOpTable {
  id: Id;
  tenantId: Id;
  userId: Id | null;
  account: string | null;
  realName: string | null;
  method: string;
  url: string;
  permission: string | null;
  ip: string | null;
  userAgent: string | null;
  statusCode: number;
  success: boolean;
  message: string | null;
  elapsedMs: number;
  createTime: Generated<Date>;
  /** Insertion order within the tenant's chain, and the chain's hashes (0012_logs). */
  seq: Generated<string>;
  prevHash: string | null;
  hash: string | null;
}

/** One field of a difference log entry. */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

export interface SysLogDiffTable {
  id: Id;
  tenantId: Id;
  tableName: string;
  rowId: Id;
  operation: string;
  changes: ColumnType<FieldChange[], string, string>;
  userId: Id | null;
  account: string | null;
  realName: string | null;
  createTime: Generated<Date>;
  seq: Generated<string>;
  prevHash: string | null;
  hash: string | null;
}
