import type { ColumnType, Generated } from 'kysely';

/**
 * Column types every table file shares. Columns are snake_case in SQL and camelCase here
 * (CamelCasePlugin); bigint columns travel as decimal strings (ids, counts); timestamps as Date.
 */

export type Id = string;
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<
  Date | null,
  Date | string | null | undefined,
  Date | string | null
>;
export type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;

export interface Audit {
  createTime: Generated<Date>;
  updateTime: NullableTimestamp;
  createUserId: Id | null;
  createUserName: string | null;
  updateUserId: Id | null;
  updateUserName: string | null;
}
