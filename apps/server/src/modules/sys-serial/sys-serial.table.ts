import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** A named sequence of a tenant (0024_serials). bigint values travel as decimal strings. */
export interface SysSerialTable extends Audit {
  id: Id;
  tenantId: Id;
  code: string;
  name: string;
  prefix: Generated<string>;
  datePart: string;
  padding: number;
  resetRule: string;
  currentValue: ColumnType<string, number | string | undefined, number | string>;
  period: Generated<string>;
  status: Generated<number>;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysSerial: SysSerialTable;
  }
}
