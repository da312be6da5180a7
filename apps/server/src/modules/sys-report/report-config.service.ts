import type {
  ReportCatalogValue,
  ReportConfigDetailRow,
  ReportConfigFilter,
  ReportConfigInput,
  ReportConfigUpdate,
  ReportExportInput,
  ReportPreviewInput,
  ReportRunInput,
  ReportViewRow,
} from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { exportHeaders, streamExport, TableWriter, type Cell } from '../../platform/export/table-export.js';
import { AppError, badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveSort } from '../../platform/http/paging.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { hiddenFields } from '../../platform/permission/field-guard.js';
import { catalogTable, REPORT_CATALOG, visibleFields } from './report-catalog.js';
import { ReportConfigRepo, type ReportConfigRecord } from './report-config.repo.js';
import { assertSqlAllowed, ReportRunner, reportFailure } from './report-run.service.js';
import { ReportSourceRepo } from './report-source.repo.js';
import { parseReportSql, sqlParamNames } from './report-sql.js';

const SORT = { orderNo: 'c.orderNo', name: 'c.name', groupName: 'c.groupName', createTime: 'c.createTime' };

const rowOutput = (row: ReportConfigRecord) => ({
  id: row.id,
  name: row.name,
  groupName: row.groupName,
  dataSourceId: row.dataSourceId,
  dataSourceName: row.dataSourceName,
  mode: row.mode,
  orderNo: row.orderNo,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

const detailOutput = (row: ReportConfigRecord): ReportConfigDetailRow => ({
  ...rowOutput(row),
  sqlText: row.sqlText,
  builder: row.builder ?? null,
  params: row.params ?? [],
  chart: row.chart ?? null,
  columns: row.columns ?? [],
});

/** Report configurations of the working tenant: editing, the builder's catalogue, preview, view, export. */
export class ReportConfigService {
  private readonly repo = new ReportConfigRepo();
  private readonly sources = new ReportSourceRepo();
  private readonly runner: ReportRunner;

  constructor(private readonly ctx: AppContext) {
    this.runner = new ReportRunner(ctx);
  }

  page(principal: Principal, filter: ReportConfigFilter) {
    const sort = resolveSort(filter, SORT, { column: 'c.orderNo', direction: 'asc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(rowOutput) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => detailOutput(await this.find(trx, id)));
  }

  /** The reportable tables and the fields this caller may pick (their field blacklist applied). */
  catalog(principal: Principal): ReportCatalogValue {
    return REPORT_CATALOG.map((table) => ({
      table: table.table,
      scoped: !!table.scope,
      fields: visibleFields(table, table.guard ? hiddenFields(principal, table.guard) : new Set()).map(
        (f) => ({
          name: f.name,
          type: f.type,
        }),
      ),
    }));
  }

  add(principal: Principal, input: ReportConfigInput): Promise<string> {
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const values = await this.checked(trx, principal, input);
      const row = { id, tenantId: principal.tenantId, ...values, ...created(principal) };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportConfig',
        rowId: id,
        operation: 'insert',
        after: row,
      });
      return id;
    });
  }

  async update(principal: Principal, input: ReportConfigUpdate): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.find(trx, input.id);
      const values = await this.checked(trx, principal, input);
      const patch = { ...values, ...updated(principal) };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportConfig',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: { ...current, ...patch },
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.find(trx, id);
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportConfig',
        rowId: id,
        operation: 'delete',
        before: current,
      });
    });
  }

  /** What the viewer shows of a report: its parameters, chart and columns, never its SQL. */
  view(principal: Principal, id: string): Promise<ReportViewRow> {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = detailOutput(await this.find(trx, id));
      return { id: row.id, name: row.name, params: row.params, chart: row.chart, columns: row.columns };
    });
  }

  async run(principal: Principal, input: ReportRunInput) {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) => this.find(trx, input.id));
    return this.runner.run(principal, detailOutput(row), input.params);
  }

  /** Runs the editor's draft: the same checks as a saved report's run. */
  preview(principal: Principal, input: ReportPreviewInput) {
    const { values, ...def } = input;
    return this.runner.run(principal, { ...def, params: def.params }, values);
  }

  /**
   * The report's rows as a file in one of the five formats (platform/export), its columns titled as
   * the report titles them. The report runs before the first byte, so a refusal is still a 4xx.
   */
  export(principal: Principal, input: ReportExportInput, onError: (error: unknown) => void) {
    const stream = streamExport(
      async (out) => {
        const row = await this.ctx.db.tenant(principal.tenantId, (trx) => this.find(trx, input.id));
        const def = detailOutput(row);
        const result = await this.runner.run(principal, def, input.params);
        const shown = def.columns.filter((c) => result.columns.includes(c.field));
        const columns = shown.length
          ? shown.map((c) => ({ key: c.field, title: c.title || c.field }))
          : result.columns.map((key) => ({ key, title: key }));
        const writer = new TableWriter(input.format, columns, out, 'report');
        await writer.start();
        for (const cells of result.rows) await writer.row(cellsOf(cells));
        await writer.end();
      },
      (error) => (error instanceof AppError && error.statusCode < 500 ? undefined : onError(error)),
    );
    const day = new Date().toISOString().slice(0, 10);
    return { stream, headers: exportHeaders(input.format, `report-${input.id}-${day}`) };
  }

  private async find(trx: Trx, id: string): Promise<ReportConfigRecord> {
    const row = await this.repo.find(trx, id);
    if (!row) throw notFound();
    return row;
  }

  /**
   * A report as saved: its source exists; SQL reads (one SELECT, declared parameters only) and, on the
   * product's database, is written only by an account allowed to run free SQL; a builder names a
   * catalogue table and fields the author may see; the chart's fields are the report's columns.
   */
  private async checked(trx: Trx, principal: Principal, input: ReportConfigInput) {
    const source = input.dataSourceId ? await this.sources.find(trx, input.dataSourceId) : undefined;
    if (input.dataSourceId && !source) throw badRequest('sysReport.sourceNotFound');
    const external = source?.kind === 'postgres';
    const declared = new Set(
      input.params.flatMap((p) =>
        p.type === 'dateRange' ? [p.name, `${p.name}_start`, `${p.name}_end`] : [p.name],
      ),
    );
    if (input.mode === 'sql') {
      try {
        for (const name of sqlParamNames(parseReportSql(input.sqlText ?? '')))
          if (!declared.has(name)) throw badRequest('sysReport.unknownParam', { name });
      } catch (error) {
        throw reportFailure(error, this.ctx.config.reportTimeoutSeconds);
      }
      if (!external) assertSqlAllowed(principal, await resolveDataScope(trx, principal));
    } else {
      if (external) throw badRequest('sysReport.builderBuiltinOnly');
      const table = input.builder ? catalogTable(input.builder.table) : undefined;
      if (!input.builder || !table)
        throw badRequest('sysReport.unknownTable', { name: input.builder?.table ?? '' });
      const fields = new Set(
        visibleFields(table, table.guard ? hiddenFields(principal, table.guard) : new Set()).map(
          (f) => f.name,
        ),
      );
      const b = input.builder;
      const named = [...b.fields, ...(b.groupBy ?? []), ...(b.filters ?? []).map((f) => f.field)];
      for (const a of b.aggregates ?? []) if (a.field) named.push(a.field);
      for (const name of named) if (!fields.has(name)) throw badRequest('sysReport.unknownField', { name });
      for (const f of b.filters ?? [])
        if (f.param && !declared.has(f.param)) throw badRequest('sysReport.unknownParam', { name: f.param });
    }
    return {
      name: input.name.trim(),
      groupName: input.groupName?.trim() || null,
      dataSourceId: input.dataSourceId ?? null,
      mode: input.mode,
      sqlText: input.mode === 'sql' ? (input.sqlText ?? '') : null,
      builder: JSON.stringify(input.mode === 'builder' ? (input.builder ?? null) : null),
      params: JSON.stringify(input.params),
      chart: JSON.stringify(input.chart ?? null),
      columns: JSON.stringify(input.columns),
      orderNo: input.orderNo ?? 100,
      remark: input.remark ?? null,
    };
  }
}

/** A cell as a file writes it: JSON values as their text. */
function cellsOf(row: Record<string, unknown>): Record<string, Cell> {
  const out: Record<string, Cell> = {};
  for (const [key, value] of Object.entries(row))
    out[key] =
      value !== null && typeof value === 'object' && !(value instanceof Date)
        ? JSON.stringify(value)
        : (value as Cell);
  return out;
}
