import type { ColumnType, Generated } from 'kysely';
import type {
  ReportBuilderDef,
  ReportChartDef,
  ReportColumnDef,
  ReportParamDef,
  ReportSourceKind,
} from '@lintel/contracts';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** jsonb written as JSON text (node-postgres would send a JS array as a PostgreSQL array). */
type Json<T> = ColumnType<T, string, string>;

/** A report data source (0022_reports): the product's database or an external PostgreSQL server. */
export interface SysReportDataSourceTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  kind: ReportSourceKind;
  host: string | null;
  port: number | null;
  databaseName: string | null;
  userName: string | null;
  /** Sealed by secret-box; never leaves the server. */
  password: string | null;
  ssl: Generated<boolean>;
  connectTimeoutMs: Generated<number>;
  orderNo: Generated<number>;
  remark: string | null;
}

/** A report: SQL or builder definition, parameters, chart and columns. */
export interface SysReportConfigTable extends Audit {
  id: Id;
  tenantId: Id;
  name: string;
  groupName: string | null;
  dataSourceId: Id | null;
  mode: 'sql' | 'builder';
  sqlText: string | null;
  builder: Json<ReportBuilderDef | null> | null;
  params: Json<ReportParamDef[]>;
  chart: Json<ReportChartDef | null> | null;
  columns: Json<ReportColumnDef[]>;
  orderNo: Generated<number>;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysReportDataSource: SysReportDataSourceTable;
    sysReportConfig: SysReportConfigTable;
  }
}
