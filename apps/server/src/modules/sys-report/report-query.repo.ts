import type { ReportBuilderDef } from '@lintel/contracts';
import { sql, type RawBuilder } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { REPORT_ROLE } from '../../platform/db/roles.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import type { SqlPart } from './report-sql.js';
import type { CatalogField, CatalogTable } from './report-catalog.js';

/** Rows a report answers at most; more is said (`truncated`), not sent. */
export const ROW_CAP = 10_000;

export type Statement = RawBuilder<Record<string, unknown>>;

/** SQL-mode text with each `:name` bound as a parameter (Kysely numbers them): never spliced. */
export function boundSql(parts: readonly SqlPart[], value: (name: string) => unknown): Statement {
  return sql.join(
    parts.map((part) => ('text' in part ? sql.raw(part.text) : sql`${value(part.param)}`)),
    sql.raw(''),
  ) as Statement;
}

export interface BuilderPlan {
  table: CatalogTable;
  /** The fields the caller may use, by name. */
  fields: ReadonlyMap<string, CatalogField>;
  def: ReportBuilderDef;
  /** The data scope condition (over `t.` columns), when the table has one. */
  scope?: RawBuilder<boolean>;
  /** The value a filter's parameter has (null: not given, the filter is left out). */
  value: (name: string) => unknown;
  /** A field or alias the definition names that is not there: throws the service's 400. */
  unknown: (name: string) => Error;
}

/**
 * The builder's SELECT over one catalogue table aliased `t`. Identifiers come from the catalogue (or
 * are aliases of the wire's identifier pattern, quoted), values are bound.
 */
export function builderSql(plan: BuilderPlan): { statement: Statement; columns: string[] } {
  const { def } = plan;
  const field = (name: string) => {
    const f = plan.fields.get(name);
    if (!f) throw plan.unknown(name);
    return sql.raw(f.expr ?? `t.${f.name}`);
  };
  const groupBy = def.groupBy ?? [];
  const aggregates = def.aggregates ?? [];
  const grouped = groupBy.length > 0 || aggregates.length > 0;
  const names = grouped ? groupBy : def.fields;
  const selections = [
    ...names.map((name) => sql`${field(name)} as ${sql.id(name)}`),
    ...aggregates.map((a) => {
      const arg = a.field ? field(a.field) : sql.raw('*');
      if (a.fn !== 'count' && !a.field) throw plan.unknown(`${a.fn}()`);
      return sql`${sql.raw(a.fn)}(${arg}) as ${sql.id(a.alias)}`;
    }),
  ];
  if (selections.length === 0) throw plan.unknown('-');
  const columns = [...names, ...aggregates.map((a) => a.alias)];

  const where: RawBuilder<unknown>[] = plan.scope ? [plan.scope] : [];
  for (const filter of def.filters ?? []) {
    const target = field(filter.field);
    if (filter.op === 'isNull' || filter.op === 'notNull') {
      where.push(sql`${target} is ${sql.raw(filter.op === 'isNull' ? '' : 'not ')}null`);
      continue;
    }
    const value = filter.param ? plan.value(filter.param) : filter.value;
    if (value === null || value === undefined || value === '') continue;
    if (filter.op === 'between') {
      if (!Array.isArray(value) || value.length !== 2) throw plan.unknown(filter.param ?? filter.field);
      where.push(sql`${target} >= ${value[0]} and ${target} < (${value[1]}::date + 1)`);
    } else if (filter.op === 'like') {
      where.push(sql`${target}::text ilike ${containsPattern(String(value))}`);
    } else {
      where.push(sql`${target} ${sql.raw(COMPARE[filter.op])} ${value}`);
    }
  }
  const order = (def.orderBy ?? []).map((o) => {
    if (!columns.includes(o.field)) throw plan.unknown(o.field);
    return sql`${sql.id(o.field)} ${sql.raw(o.desc ? 'desc' : 'asc')}`;
  });

  const statement = sql`select ${sql.join(selections)} from ${sql.raw(plan.table.table)} as t${
    where.length ? sql` where ${sql.join(where, sql` and `)}` : sql``
  }${groupBy.length ? sql` group by ${sql.join(groupBy.map(field))}` : sql``}${
    order.length ? sql` order by ${sql.join(order)}` : sql``
  }` as Statement;
  return { statement, columns };
}

const COMPARE = { eq: '=', ne: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

/** Someone's SQL changed the tenant or the role inside the statement: its rows are thrown away. */
export class ReportTamperError extends Error {
  override name = 'ReportTamperError';
}

/**
 * Runs a report statement in the caller's tenant transaction as the report role: SELECT on the
 * reportable columns only, row-level security still confining it to the tenant, the transaction
 * read-only, a statement timeout (REPORT_TIMEOUT_SECONDS), at most ROW_CAP rows. Results keep their column names as the
 * SQL wrote them (no camelCase plugin). Afterwards the tenant and role must be as they were.
 */
export async function runAsReportRole(trx: Trx, statement: Statement, timeoutMs: number) {
  const raw = trx.withoutPlugins();
  await sql.raw(`set local role ${REPORT_ROLE}`).execute(raw);
  await sql.raw('set transaction read only').execute(raw);
  await sql.raw(`set local statement_timeout = ${Math.trunc(timeoutMs)}`).execute(raw);
  const before = await session(raw);
  // The newline ends a trailing `--` comment of the report's text before the closing parenthesis.
  const result = await sql<
    Record<string, unknown>
  >`select * from (${statement}${sql.raw('\n')}) as report_rows limit ${sql.lit(ROW_CAP + 1)}`.execute(raw);
  const after = await session(raw);
  if (before.tenant !== after.tenant || before.role !== after.role) throw new ReportTamperError();
  return result.rows;
}

async function session(raw: Trx) {
  const { rows } = await sql<{ tenant: string | null; role: string }>`
    select current_setting('app.tenant_id', true) as tenant, current_user::text as role`.execute(raw);
  return rows[0]!;
}
