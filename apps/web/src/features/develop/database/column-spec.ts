import type { ColumnRow, ColumnSpecInput, ColumnTypeName } from '@lintel/contracts';
import { COLUMN_TYPES } from './database-api';

/** Columns every table the tools create starts with (server ddl-statements.ts BASE_COLUMNS): never changed here. */
export const BASE_COLUMNS: readonly string[] = [
  'id',
  'tenant_id',
  'create_time',
  'update_time',
  'create_user_id',
  'create_user_name',
  'update_user_id',
  'update_user_name',
];

/** A column as the forms hold it: the length and digits fields stay while another type is chosen. */
export interface ColumnFormValues {
  dbColumnName: string;
  columnType: ColumnTypeName;
  length?: number | null;
  decimalDigits?: number | null;
  isNullable?: boolean;
  defaultValue?: string | null;
  columnDescription?: string | null;
}

/** A new column row of the forms: a nullable varchar(255). */
export const NEW_COLUMN: ColumnFormValues = {
  dbColumnName: '',
  columnType: 'varchar',
  length: 255,
  isNullable: true,
};

/** Which of length (varchar, numeric) and decimal digits (numeric) a type takes. */
export const takesLength = (type: ColumnTypeName | undefined) => type === 'varchar' || type === 'numeric';
export const takesDigits = (type: ColumnTypeName | undefined) => type === 'numeric';

const blankToNull = (value: string | null | undefined) => value?.trim() || null;

/**
 * What the server takes: trimmed, a blank description as null, length and digits only for the types
 * that have them. No default is left out rather than sent as null: the server's validation coerces
 * a null text to "" (which would be a default of its own), and an absent default means none.
 */
export function toColumnSpec(values: ColumnFormValues): ColumnSpecInput {
  const spec: ColumnSpecInput = {
    dbColumnName: values.dbColumnName.trim(),
    columnType: values.columnType,
    isNullable: !!values.isNullable,
    columnDescription: blankToNull(values.columnDescription),
  };
  const fallback = blankToNull(values.defaultValue);
  if (fallback !== null) spec.defaultValue = fallback;
  if (takesLength(values.columnType) && values.length != null) spec.length = values.length;
  if (takesDigits(values.columnType) && values.decimalDigits != null)
    spec.decimalDigits = values.decimalDigits;
  return spec;
}

/**
 * The literal of a default as PostgreSQL writes it back (`'abc'::character varying` → `abc`,
 * `'-1'::integer` → `-1`); an expression (`now()`) is answered as written.
 */
export function defaultLiteral(expression: string | null): string | null {
  if (expression === null) return null;
  const quoted = /^'((?:[^']|'')*)'(?:::[a-z ]+(?:\(\d+(?:,\s*\d+)?\))?(?:\[\])?)?$/i.exec(expression.trim());
  return quoted ? quoted[1]!.replaceAll("''", "'") : expression;
}

const isColumnType = (value: string | null): value is ColumnTypeName =>
  (COLUMN_TYPES as readonly (string | null)[]).includes(value);

/** The form values of an existing column. */
export function columnFormValues(column: ColumnRow): Partial<ColumnFormValues> {
  const type = isColumnType(column.columnType) ? column.columnType : undefined;
  return {
    dbColumnName: column.dbColumnName,
    columnType: type,
    // A numeric without a declared precision has none to keep; varchar and numeric keep theirs.
    length: takesLength(type) ? column.length : null,
    decimalDigits: takesDigits(type) ? column.decimalDigits : null,
    isNullable: column.isNullable,
    defaultValue: defaultLiteral(column.defaultValue),
    columnDescription: column.columnDescription,
  };
}
