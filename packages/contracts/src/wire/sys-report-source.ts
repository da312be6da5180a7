import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * Report data sources (sysReportDataSource, issue 13): where a report reads. `builtin` is the
 * product's own database (read through the report role: tenant- and scope-confined, read-only);
 * `postgres` an external PostgreSQL server reached under the outbound policy, always in read-only
 * transactions. A password is written, never read back: rows say `hasPassword`.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

export const ReportSourceKindValue = Type.Union([Type.Literal('builtin'), Type.Literal('postgres')], {
  description: "builtin: the product's own database; postgres: an external PostgreSQL server",
});
export type ReportSourceKind = Static<typeof ReportSourceKindValue>;

const Host = Type.String({
  maxLength: 255,
  pattern: '^[A-Za-z0-9._:\\[\\]-]*$',
  description: 'Host name or address (private addresses only where ALLOW_PRIVATE_HOSTS names them)',
});

const SourceFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  kind: ReportSourceKindValue,
  host: Type.Optional(Nullable(Host)),
  port: Type.Optional(Nullable(Type.Integer({ minimum: 1, maximum: 65535 }))),
  databaseName: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  userName: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  password: Type.Optional(
    Type.String({ maxLength: 256, description: 'Written only; empty keeps the saved password on update' }),
  ),
  ssl: Type.Optional(Type.Boolean()),
  connectTimeoutMs: Type.Optional(Type.Integer({ minimum: 500, maximum: 30_000 })),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddReportSourceBody = Type.Object(SourceFields, { additionalProperties: false });
export const UpdateReportSourceBody = Type.Object(
  { id: Id, ...SourceFields },
  { additionalProperties: false },
);
export type ReportSourceInput = Static<typeof AddReportSourceBody>;
export type ReportSourceUpdate = Static<typeof UpdateReportSourceBody>;

export const PageReportSourceBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    kind: Type.Optional(ReportSourceKindValue),
  },
  { additionalProperties: false },
);
export type ReportSourceFilter = Static<typeof PageReportSourceBody>;

export const ReportSourceOutput = Type.Object({
  id: Id,
  name: Type.String(),
  kind: ReportSourceKindValue,
  host: Nullable(Type.String()),
  port: Nullable(Type.Integer()),
  databaseName: Nullable(Type.String()),
  userName: Nullable(Type.String()),
  hasPassword: Type.Boolean(),
  ssl: Type.Boolean(),
  connectTimeoutMs: Type.Integer(),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
});
export type ReportSourceRow = Static<typeof ReportSourceOutput>;

/** The short form the report editor's picker lists. */
export const ReportSourceOption = Type.Object({ id: Id, name: Type.String(), kind: ReportSourceKindValue });
export type ReportSourceOptionRow = Static<typeof ReportSourceOption>;

/** Try a saved source (`id` alone), or the form's values (with `id`, a missing password is the saved one). */
export const ReportSourceTestBody = Type.Object(
  {
    id: Type.Optional(Id),
    ...SourceFields,
    name: Type.Optional(SourceFields.name),
    kind: Type.Optional(ReportSourceKindValue),
  },
  { additionalProperties: false },
);
export type ReportSourceTestInput = Static<typeof ReportSourceTestBody>;

export const ReportSourceTestResult = Type.Object({
  ok: Type.Boolean(),
  /** The server's version on success, the localized reason otherwise. */
  message: Type.String(),
  elapsedMs: Type.Integer(),
});
export type ReportSourceTestOutcome = Static<typeof ReportSourceTestResult>;
