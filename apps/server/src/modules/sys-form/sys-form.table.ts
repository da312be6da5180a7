import type { ColumnType, Generated } from 'kysely';
import type { Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';
import type { FormSchema, UiSchema } from './form-schema.js';

/** jsonb read as its value, written as its JSON text. */
type Json<T> = ColumnType<T, string, string>;

/** A form of the designer (0020_forms), a tenant table: its draft and latest published version. */
export interface SysFormTable {
  id: Id;
  tenantId: Id;
  name: string;
  code: string;
  title: string | null;
  description: string | null;
  status: Generated<number>;
  schema: Json<FormSchema>;
  uiSchema: Json<UiSchema>;
  publishedVersion: Generated<number>;
  publishedTime: NullableTimestamp;
  createTime: Generated<Date>;
  updateTime: NullableTimestamp;
  createUserId: Id | null;
  createUserName: string | null;
  updateUserId: Id | null;
  updateUserName: string | null;
}

/** One published version of a form, never changed. */
export interface SysFormVersionTable {
  id: Id;
  tenantId: Id;
  formId: Id;
  version: number;
  schema: Json<FormSchema>;
  uiSchema: Json<UiSchema>;
  createTime: Generated<Date>;
  createUserId: Id | null;
  createUserName: string | null;
}

/** One submission, with the version it was validated against and its submitter. */
export interface SysFormDataTable {
  id: Id;
  tenantId: Id;
  formId: Id;
  version: number;
  data: Json<Record<string, unknown>>;
  submitUserId: Id | null;
  submitUserName: string | null;
  submitOrgId: Id | null;
  submitOrgName: string | null;
  createTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysForm: SysFormTable;
    sysFormVersion: SysFormVersionTable;
    sysFormData: SysFormDataTable;
  }
}
