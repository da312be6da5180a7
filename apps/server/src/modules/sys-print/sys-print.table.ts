import type { ColumnType, Generated } from 'kysely';
import type { PrintOrientation, PrintPaper, PrintTemplateDoc } from '@lintel/contracts';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** jsonb read as its value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** A print template (0021_print_templates), a tenant table. */
export interface SysPrintTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  bizType: string;
  template: Json<PrintTemplateDoc>;
  paper: PrintPaper;
  width: number;
  height: number;
  orientation: PrintOrientation;
  marginTop: number;
  marginRight: number;
  marginBottom: number;
  marginLeft: number;
  orderNo: Generated<number>;
  status: Generated<number>;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysPrint: SysPrintTable;
  }
}
