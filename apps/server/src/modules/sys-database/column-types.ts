/**
 * The column types the database tools create, and what each becomes in the code generator: the
 * PostgreSQL type, the TypeScript type Kysely reads, and the kind of value on the wire.
 */
import { COLUMN_TYPES, type ColumnTypeName } from '@lintel/contracts/wire';

export { COLUMN_TYPES, type ColumnTypeName };

/** How a value of the type travels: bigint and numeric as decimal strings (as node-postgres reads them). */
export type WireKind = 'string' | 'integer' | 'decimal' | 'boolean' | 'date' | 'dateTime' | 'json';

interface TypeInfo {
  wire: WireKind;
  /** The SQL for the type, given the column's length and decimal digits. */
  sql: (length?: number, digits?: number) => string;
  /** Whether a default value literal is valid for the type. */
  literal: (value: string) => boolean;
}

const isInteger = (value: string) => /^-?\d{1,19}$/.test(value);
const isDecimal = (value: string) => /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

export const TYPE_INFO: Record<ColumnTypeName, TypeInfo> = {
  varchar: { wire: 'string', sql: (length = 255) => `varchar(${length})`, literal: () => true },
  text: { wire: 'string', sql: () => 'text', literal: () => true },
  integer: {
    wire: 'integer',
    sql: () => 'integer',
    literal: (v) => isInteger(v) && Math.abs(Number(v)) <= 2147483647,
  },
  bigint: { wire: 'decimal', sql: () => 'bigint', literal: isInteger },
  numeric: {
    wire: 'decimal',
    sql: (length, digits) =>
      length === undefined ? 'numeric' : `numeric(${length}, ${Math.min(digits ?? 0, length)})`,
    literal: isDecimal,
  },
  boolean: { wire: 'boolean', sql: () => 'boolean', literal: (v) => v === 'true' || v === 'false' },
  date: { wire: 'date', sql: () => 'date', literal: isDay },
  timestamptz: { wire: 'dateTime', sql: () => 'timestamptz', literal: (v) => !Number.isNaN(Date.parse(v)) },
  jsonb: {
    wire: 'json',
    sql: () => 'jsonb',
    literal: (v) => {
      try {
        JSON.parse(v);
        return true;
      } catch {
        return false;
      }
    },
  },
};

/** The tools' name for a PostgreSQL type (pg_type.typname), or null for one they do not create. */
export function columnTypeOf(typname: string): ColumnTypeName | null {
  switch (typname) {
    case 'varchar':
    case 'bpchar':
      return 'varchar';
    case 'text':
      return 'text';
    case 'int2':
    case 'int4':
      return 'integer';
    case 'int8':
      return 'bigint';
    case 'numeric':
      return 'numeric';
    case 'bool':
      return 'boolean';
    case 'date':
      return 'date';
    case 'timestamptz':
    case 'timestamp':
      return 'timestamptz';
    case 'jsonb':
    case 'json':
      return 'jsonb';
    default:
      return null;
  }
}
