import type {
  ReportAggregateFn,
  ReportConfigDetailRow,
  ReportConfigInput,
  ReportFilterOp,
  ReportParamType,
} from '@lintel/contracts';

/** The editor's form: the wire's definition, flattened where a form edits it more easily. */
export interface EditorValues {
  name: string;
  groupName?: string | null;
  /** '' is the product database. */
  dataSourceId: string;
  mode: 'sql' | 'builder';
  sqlText?: string;
  table?: string;
  fields?: string[];
  groupBy?: string[];
  aggregates?: { fn: ReportAggregateFn; field?: string; alias: string }[];
  filters?: { field: string; op: ReportFilterOp; param?: string; value?: string }[];
  params?: {
    name: string;
    label: string;
    type: ReportParamType;
    /** `value=label` per line, for a choice. */
    options?: string;
    defaultValue?: string;
    required?: boolean;
  }[];
  chartType: 'none' | 'bar' | 'line' | 'pie';
  xField?: string;
  yFields?: string[];
  chartTitle?: string;
  columns?: { field: string; title: string }[];
  remark?: string | null;
}

const optionsOf = (text = '') =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [value, ...label] = line.split('=');
      return { value: value!.trim(), label: (label.join('=') || value!).trim() };
    });

/** The definition the API takes, from the form. */
export function toInput(v: EditorValues): ReportConfigInput {
  const builder =
    v.mode === 'builder'
      ? {
          table: v.table ?? '',
          fields: v.fields ?? [],
          groupBy: v.groupBy ?? [],
          aggregates: (v.aggregates ?? []).map((a) => ({
            fn: a.fn,
            alias: a.alias,
            ...(a.field ? { field: a.field } : {}),
          })),
          filters: (v.filters ?? []).map((f) => ({
            field: f.field,
            op: f.op,
            ...(f.param
              ? { param: f.param }
              : f.value !== undefined && f.value !== ''
                ? { value: f.value }
                : {}),
          })),
        }
      : undefined;
  return {
    name: v.name,
    groupName: v.groupName || null,
    dataSourceId: v.dataSourceId || null,
    mode: v.mode,
    sqlText: v.mode === 'sql' ? (v.sqlText ?? '') : null,
    ...(builder ? { builder } : {}),
    params: (v.params ?? []).map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      required: !!p.required,
      ...(p.type === 'select' ? { options: optionsOf(p.options) } : {}),
      ...(p.defaultValue
        ? { defaultValue: p.type === 'number' ? Number(p.defaultValue) : p.defaultValue }
        : {}),
    })),
    ...(v.chartType !== 'none' && v.xField && v.yFields?.length
      ? {
          chart: {
            type: v.chartType,
            xField: v.xField,
            yFields: v.yFields,
            ...(v.chartTitle ? { title: v.chartTitle } : {}),
          },
        }
      : {}),
    columns: (v.columns ?? []).filter((c) => c.field),
    remark: v.remark || null,
  };
}

/** The form's values from a saved report (or the defaults of a new one). */
export function fromDetail(row: ReportConfigDetailRow | null): EditorValues {
  if (!row)
    return {
      name: '',
      dataSourceId: '',
      mode: 'builder',
      chartType: 'none',
      fields: [],
      params: [],
      columns: [],
    };
  return {
    name: row.name,
    groupName: row.groupName,
    dataSourceId: row.dataSourceId ?? '',
    mode: row.mode,
    sqlText: row.sqlText ?? '',
    table: row.builder?.table,
    fields: row.builder?.fields ?? [],
    groupBy: row.builder?.groupBy ?? [],
    aggregates: row.builder?.aggregates ?? [],
    filters: (row.builder?.filters ?? []).map((f) => ({
      field: f.field,
      op: f.op,
      param: f.param,
      value: f.value === null || f.value === undefined ? undefined : String(f.value),
    })),
    params: row.params.map((p) => ({
      name: p.name,
      label: p.label,
      type: p.type,
      required: p.required,
      options: (p.options ?? []).map((o) => `${o.value}=${o.label}`).join('\n'),
      defaultValue:
        p.defaultValue === null || p.defaultValue === undefined || Array.isArray(p.defaultValue)
          ? undefined
          : String(p.defaultValue),
    })),
    chartType: row.chart?.type ?? 'none',
    xField: row.chart?.xField,
    yFields: row.chart?.yFields ?? [],
    chartTitle: row.chart?.title,
    columns: row.columns.map((c) => ({ field: c.field, title: c.title })),
    remark: row.remark,
  };
}

/** The columns a builder definition yields (for the chart and column pickers). */
export function builderColumns(v: Partial<EditorValues>): string[] {
  const grouped = (v.groupBy?.length ?? 0) > 0 || (v.aggregates?.length ?? 0) > 0;
  return [
    ...(grouped ? (v.groupBy ?? []) : (v.fields ?? [])),
    ...(v.aggregates ?? []).map((a) => a.alias).filter(Boolean),
  ];
}
