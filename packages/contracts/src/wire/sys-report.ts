import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { EXPORT_FORMATS } from '../list-export.js';
import { PageInputFields } from './paging.js';

/**
 * Reports (sysReportConfig, issue 13): free SQL (named parameters `:name`, bound, never spliced) or a
 * builder definition over the catalogue of reportable tables; parameters, grouping and aggregates,
 * an echarts chart and table columns. The viewer (`/report/view/:reportConfigId`) runs one with
 * parameter values; `preview` runs the editor's draft.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
/** A parameter, result column or alias name: an SQL identifier in lower snake or camel case. */
const Name = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' });

export const ReportModeValue = Type.Union([Type.Literal('sql'), Type.Literal('builder')]);
export type ReportMode = Static<typeof ReportModeValue>;

export const ReportParamTypeValue = Type.Union([
  Type.Literal('text'),
  Type.Literal('number'),
  Type.Literal('date'),
  Type.Literal('dateRange'),
  Type.Literal('select'),
]);
export type ReportParamType = Static<typeof ReportParamTypeValue>;

const Scalar = Type.Union([Type.String({ maxLength: 512 }), Type.Number()]);
/** A parameter's value: a date range is [from, to]; an empty input is null. */
export const ReportParamValue = Nullable(
  Type.Union([Scalar, Type.Array(Type.String({ maxLength: 32 }), { maxItems: 2 })]),
);
export type ReportParamValueType = Static<typeof ReportParamValue>;

export const ReportParam = Type.Object(
  {
    /** Named in SQL as `:name`; a date range as `:name_start` and `:name_end`. */
    name: Name,
    label: Type.String({ minLength: 1, maxLength: 64 }),
    type: ReportParamTypeValue,
    options: Type.Optional(
      Type.Array(
        Type.Object(
          { label: Type.String({ maxLength: 64 }), value: Type.String({ maxLength: 128 }) },
          { additionalProperties: false },
        ),
        { maxItems: 200 },
      ),
    ),
    defaultValue: Type.Optional(ReportParamValue),
    required: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ReportParamDef = Static<typeof ReportParam>;

export const ReportFilterOpValue = Type.Union([
  Type.Literal('eq'),
  Type.Literal('ne'),
  Type.Literal('gt'),
  Type.Literal('gte'),
  Type.Literal('lt'),
  Type.Literal('lte'),
  Type.Literal('like'),
  Type.Literal('between'),
  Type.Literal('isNull'),
  Type.Literal('notNull'),
]);
export type ReportFilterOp = Static<typeof ReportFilterOpValue>;

export const ReportAggregateFnValue = Type.Union([
  Type.Literal('count'),
  Type.Literal('sum'),
  Type.Literal('avg'),
  Type.Literal('min'),
  Type.Literal('max'),
]);
export type ReportAggregateFn = Static<typeof ReportAggregateFnValue>;

/** A table/field pick over the catalogue (GET catalog): fields are the catalogue's names. */
export const ReportBuilder = Type.Object(
  {
    table: Name,
    fields: Type.Array(Name, { maxItems: 50 }),
    filters: Type.Optional(
      Type.Array(
        Type.Object(
          {
            field: Name,
            op: ReportFilterOpValue,
            /** A constant, or `param` names the parameter whose value is compared. */
            value: Type.Optional(Nullable(Scalar)),
            param: Type.Optional(Name),
          },
          { additionalProperties: false },
        ),
        { maxItems: 20 },
      ),
    ),
    groupBy: Type.Optional(Type.Array(Name, { maxItems: 5 })),
    aggregates: Type.Optional(
      Type.Array(
        Type.Object(
          {
            fn: ReportAggregateFnValue,
            /** Absent for count(*). */
            field: Type.Optional(Name),
            alias: Name,
          },
          { additionalProperties: false },
        ),
        { maxItems: 10 },
      ),
    ),
    orderBy: Type.Optional(
      Type.Array(
        Type.Object({ field: Name, desc: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
        {
          maxItems: 5,
        },
      ),
    ),
  },
  { additionalProperties: false },
);
export type ReportBuilderDef = Static<typeof ReportBuilder>;

export const ReportChart = Type.Object(
  {
    type: Type.Union([Type.Literal('bar'), Type.Literal('line'), Type.Literal('pie')]),
    xField: Name,
    yFields: Type.Array(Name, { minItems: 1, maxItems: 8 }),
    title: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ReportChartDef = Static<typeof ReportChart>;

export const ReportColumn = Type.Object(
  {
    field: Name,
    title: Type.String({ maxLength: 64 }),
    width: Type.Optional(Type.Integer({ minimum: 40, maximum: 1000 })),
  },
  { additionalProperties: false },
);
export type ReportColumnDef = Static<typeof ReportColumn>;

const DefinitionFields = {
  dataSourceId: Type.Optional(Nullable(Id)),
  mode: ReportModeValue,
  sqlText: Type.Optional(Nullable(Type.String({ maxLength: 20_000 }))),
  /** The builder's definition (builder mode); absent in SQL mode. */
  builder: Type.Optional(ReportBuilder),
  params: Type.Array(ReportParam, { maxItems: 20 }),
  /** Absent: no chart. (Optional rather than nullable: request schemas hold no unions of objects.) */
  chart: Type.Optional(ReportChart),
  columns: Type.Array(ReportColumn, { maxItems: 100 }),
};

const ConfigFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  groupName: Type.Optional(Nullable(Type.String({ maxLength: 64 }))),
  ...DefinitionFields,
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddReportConfigBody = Type.Object(ConfigFields, { additionalProperties: false });
export const UpdateReportConfigBody = Type.Object(
  { id: Id, ...ConfigFields },
  { additionalProperties: false },
);
export type ReportConfigInput = Static<typeof AddReportConfigBody>;
export type ReportConfigUpdate = Static<typeof UpdateReportConfigBody>;

export const PageReportConfigBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    groupName: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ReportConfigFilter = Static<typeof PageReportConfigBody>;

const RowFields = {
  id: Id,
  name: Type.String(),
  groupName: Nullable(Type.String()),
  dataSourceId: Nullable(Id),
  dataSourceName: Nullable(Type.String()),
  mode: ReportModeValue,
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Time,
  updateTime: Nullable(Time),
};
export const ReportConfigOutput = Type.Object(RowFields);
export type ReportConfigRow = Static<typeof ReportConfigOutput>;

export const ReportConfigDetail = Type.Object({
  ...RowFields,
  sqlText: Nullable(Type.String()),
  builder: Nullable(ReportBuilder),
  params: Type.Array(ReportParam),
  chart: Nullable(ReportChart),
  columns: Type.Array(ReportColumn),
});
export type ReportConfigDetailRow = Static<typeof ReportConfigDetail>;

/** What the viewer shows of a report: never its SQL. */
export const ReportViewOutput = Type.Object({
  id: Id,
  name: Type.String(),
  params: Type.Array(ReportParam),
  chart: Nullable(ReportChart),
  columns: Type.Array(ReportColumn),
});
export type ReportViewRow = Static<typeof ReportViewOutput>;

export const ReportViewQuery = Type.Object({ id: Id }, { additionalProperties: false });

const ParamValues = Type.Record(Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_]{0,62}$' }), ReportParamValue, {
  maxProperties: 20,
});

export const ReportRunBody = Type.Object(
  { id: Id, params: Type.Optional(ParamValues) },
  { additionalProperties: false },
);
export type ReportRunInput = Static<typeof ReportRunBody>;

export const ReportPreviewBody = Type.Object(
  { ...DefinitionFields, values: Type.Optional(ParamValues) },
  { additionalProperties: false },
);
export type ReportPreviewInput = Static<typeof ReportPreviewBody>;

export const ReportExportBody = Type.Object(
  {
    id: Id,
    params: Type.Optional(ParamValues),
    format: Type.Union(EXPORT_FORMATS.map((f) => Type.Literal(f))),
  },
  { additionalProperties: false },
);
export type ReportExportInput = Static<typeof ReportExportBody>;

export const ReportResult = Type.Object({
  columns: Type.Array(Type.String()),
  rows: Type.Array(Type.Record(Type.String(), Type.Unknown())),
  /** More rows matched than the cap; only the first `rowCap` came back. */
  truncated: Type.Boolean(),
  rowCap: Type.Integer(),
  elapsedMs: Type.Integer(),
});
export type ReportResultValue = Static<typeof ReportResult>;

/** The builder's catalogue: the reportable tables and the fields the caller may see. */
export const ReportCatalog = Type.Array(
  Type.Object({
    table: Type.String(),
    /** Whether the builder applies the caller's data scope to it (it has an organisation column). */
    scoped: Type.Boolean(),
    fields: Type.Array(
      Type.Object({
        name: Type.String(),
        type: Type.Union([
          Type.Literal('text'),
          Type.Literal('number'),
          Type.Literal('date'),
          Type.Literal('time'),
        ]),
      }),
    ),
  }),
);
export type ReportCatalogValue = Static<typeof ReportCatalog>;
