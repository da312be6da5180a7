import { Type, type Static } from 'typebox';
import { ID_PATTERN } from './id.js';

/** The column types the database tools create (the code generator maps each to the wire and Kysely). */
export const COLUMN_TYPES = [
  'varchar',
  'text',
  'integer',
  'bigint',
  'numeric',
  'boolean',
  'date',
  'timestamptz',
  'jsonb',
] as const;
type ColumnType = (typeof COLUMN_TYPES)[number];

/**
 * The database tools' wire (apps/server modules/sys-database) (Admin.NET's sysDatabase, camelCase). `configId` names a database:
 * `MAIN_CONFIG_ID` the main one, a tenant id the own database of a database-type tenant.
 */

/** Admin.NET's config id of the main database. */
export const MAIN_CONFIG_ID = '1300000000001';

export const ConfigId = Type.String({ pattern: ID_PATTERN, description: 'Database config id' });
/** Lower-case SQL names: the tools never quote their way around a bad name. */
export const SqlName = Type.String({
  pattern: '^[a-z][a-z0-9_]{0,62}$',
  description: 'snake_case, starting with a letter, up to 63 characters',
});
const Description = Type.Union([Type.String({ maxLength: 256 }), Type.Null()]);

export const DatabaseOutput = Type.Object({
  configId: Type.String(),
  /** The main database, or the tenant's name. */
  name: Type.String(),
  dbType: Type.String({ description: 'PostgreSQL or PGlite (embedded PostgreSQL)' }),
  /** Where it lives, without a password. */
  location: Type.String(),
});

export const TableOutput = Type.Object({
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  /** True for the product's own tables (sys_*, lintel_*): the tools read them but never change them. */
  system: Type.Boolean(),
  columnCount: Type.Integer(),
  /** PostgreSQL's estimate (the planner's statistics), not a count. */
  estimatedRows: Type.Integer(),
});

export const ColumnOutput = Type.Object({
  dbColumnName: Type.String(),
  /** The column's type as PostgreSQL writes it (`character varying(64)`). */
  dataType: Type.String(),
  /** The tools' type name when the column has one of them, otherwise null. */
  columnType: Type.Union([Type.String(), Type.Null()]),
  length: Type.Union([Type.Integer(), Type.Null()]),
  decimalDigits: Type.Union([Type.Integer(), Type.Null()]),
  isNullable: Type.Boolean(),
  isPrimarykey: Type.Boolean(),
  isIdentity: Type.Boolean(),
  defaultValue: Type.Union([Type.String(), Type.Null()]),
  columnDescription: Type.Union([Type.String(), Type.Null()]),
  position: Type.Integer(),
});

export const IndexOutput = Type.Object({
  name: Type.String(),
  definition: Type.String(),
  isUnique: Type.Boolean(),
  isPrimary: Type.Boolean(),
});

export const RelationOutput = Type.Object({
  name: Type.String(),
  sourceTableName: Type.String(),
  sourceColumnName: Type.String(),
  targetTableName: Type.String(),
  targetColumnName: Type.String(),
});

export const TableDetailOutput = Type.Object({
  columns: Type.Array(ColumnOutput),
  indexes: Type.Array(IndexOutput),
  relations: Type.Array(RelationOutput),
});

export const VisualOutput = Type.Object({
  visualTableList: Type.Array(
    Type.Object({
      tableName: Type.String(),
      tableComment: Type.Union([Type.String(), Type.Null()]),
      columnCount: Type.Integer(),
    }),
  ),
  visualColumnList: Type.Array(
    Type.Object({
      tableName: Type.String(),
      columnName: Type.String(),
      dataType: Type.String(),
      isPrimarykey: Type.Boolean(),
      columnDescription: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  columnRelationList: Type.Array(RelationOutput),
});

export const ColumnTypeName = Type.Unsafe<ColumnType>(
  Type.String({ enum: [...COLUMN_TYPES], description: 'One of the column types the tools create' }),
);

/** A column to create or change; `length` for varchar, `length` and `decimalDigits` for numeric. */
export const ColumnSpec = Type.Object(
  {
    dbColumnName: SqlName,
    columnType: ColumnTypeName,
    length: Type.Optional(Type.Integer({ minimum: 1, maximum: 10485760 })),
    decimalDigits: Type.Optional(Type.Integer({ minimum: 0, maximum: 30 })),
    isNullable: Type.Boolean(),
    /** A literal of the column's type (not an expression); null or absent for none. */
    // Null first: with Ajv's type coercion a null would otherwise become an empty string default.
    defaultValue: Type.Optional(Type.Union([Type.Null(), Type.String({ maxLength: 256 })])),
    columnDescription: Type.Optional(Description),
  },
  { additionalProperties: false },
);
export type ColumnSpecInput = Static<typeof ColumnSpec>;

export const TablePath = Type.Object({ configId: ConfigId }, { additionalProperties: false });
export const ColumnListPath = Type.Object(
  { tableName: SqlName, configId: ConfigId },
  { additionalProperties: false },
);
export const VisualQuery = Type.Object(
  { configId: Type.Optional(ConfigId) },
  { additionalProperties: false },
);

export const AddTableBody = Type.Object(
  {
    configId: ConfigId,
    tableName: SqlName,
    description: Type.Optional(Description),
    columnList: Type.Array(ColumnSpec, { minItems: 1, maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type AddTableInput = Static<typeof AddTableBody>;

export const UpdateTableBody = Type.Object(
  {
    configId: ConfigId,
    oldTableName: SqlName,
    tableName: SqlName,
    description: Type.Optional(Description),
  },
  { additionalProperties: false },
);
export type UpdateTableInput = Static<typeof UpdateTableBody>;

export const TableBody = Type.Object(
  { configId: ConfigId, tableName: SqlName },
  { additionalProperties: false },
);
export type TableInput = Static<typeof TableBody>;

export const AddColumnBody = Type.Object(
  { configId: ConfigId, tableName: SqlName, ...ColumnSpec.properties },
  { additionalProperties: false },
);
export type AddColumnInput = Static<typeof AddColumnBody>;

export const UpdateColumnBody = Type.Object(
  { configId: ConfigId, tableName: SqlName, oldColumnName: SqlName, ...ColumnSpec.properties },
  { additionalProperties: false },
);
export type UpdateColumnInput = Static<typeof UpdateColumnBody>;

export const ColumnBody = Type.Object(
  { configId: ConfigId, tableName: SqlName, dbColumnName: SqlName },
  { additionalProperties: false },
);
export type ColumnInput = Static<typeof ColumnBody>;

/** What a change did: applied, and the migration file written for it (migration mode). */
export const ChangeOutput = Type.Object({
  applied: Type.Boolean(),
  migration: Type.Union([Type.String(), Type.Null()]),
});

export type DatabaseRow = Static<typeof DatabaseOutput>;
export type TableRow = Static<typeof TableOutput>;
export type ColumnRow = Static<typeof ColumnOutput>;
export type IndexRow = Static<typeof IndexOutput>;
export type RelationRow = Static<typeof RelationOutput>;
export type TableDetail = Static<typeof TableDetailOutput>;
export type VisualDbTable = Static<typeof VisualOutput>;
export type ChangeResult = Static<typeof ChangeOutput>;
export type ColumnTypeName = ColumnType;
