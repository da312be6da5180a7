import type { Audit, Id } from './column-types.js';

/** The code generator's records (0010_code_gen): platform tables, no tenant column. */
export interface SysCodeGenTable extends Audit {
  id: Id;
  configId: string;
  tableName: string;
  className: string;
  busName: string;
  nameSpace: string;
  authorName: string | null;
  tableComment: string | null;
  generateType: string;
  menuPid: string;
  menuIcon: string | null;
}

/** One column of a code-gen record: how it appears in the list, the form and the search. */
export interface SysCodeGenConfigTable extends Audit {
  id: Id;
  codeGenId: Id;
  columnName: string;
  propertyName: string;
  columnComment: string;
  dataType: string;
  columnLength: number | null;
  decimalDigits: number | null;
  isNullable: boolean;
  effectType: string;
  dictTypeCode: string | null;
  whetherRequired: string;
  queryWhether: string;
  queryType: string;
  whetherTable: string;
  whetherAddUpdate: string;
  whetherCommon: string;
  orderNo: number;
}
