import type {
  ReportBuilderDef,
  ReportParamDef,
  ReportParamValueType,
  ReportResultValue,
} from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { sqlState } from '../../platform/db/sql-helpers.js';
import { AppError, badRequest, forbidden, notFound } from '../../platform/http/errors.js';
import { resolveDataScope, scopeCondition, type DataScopeSet } from '../../platform/permission/data-scope.js';
import { hiddenFields } from '../../platform/permission/field-guard.js';
import { catalogTable, REPORT_CATALOG, visibleFields } from './report-catalog.js';
import { HostRefused } from '../../platform/net/outbound.js';
import { connectExternal, runExternal } from './report-external.repo.js';
import { paramValue, resolveParams } from './report-params.js';
import { builderSql, boundSql, ReportTamperError, ROW_CAP, runAsReportRole } from './report-query.repo.js';
import { parseReportSql, ReportSqlError } from './report-sql.js';
import { ReportSourceRepo } from './report-source.repo.js';
import { externalTarget } from './report-source.service.js';

/** What a run needs of a report (a saved one or the editor's draft). */
export interface ReportDefinition {
  dataSourceId?: string | null;
  mode: 'sql' | 'builder';
  sqlText?: string | null;
  builder?: ReportBuilderDef | null;
  params: readonly ReportParamDef[];
}

/**
 * Free SQL on the product's database reads whatever the report role may read of the tenant: no data
 * scope and no field blacklist can be applied to arbitrary SQL. So it is only for accounts that see
 * the whole tenant and have no field of a reportable table hidden; others use the builder, which
 * applies both. Checked when such a report is saved and whenever it runs.
 */
export function assertSqlAllowed(principal: Principal, scope: DataScopeSet): void {
  if (!scope.all) throw forbidden('sysReport.sqlNeedsWholeTenant');
  const guarded = REPORT_CATALOG.flatMap((t) => (t.guard ? [t.guard] : []));
  if (guarded.some((table) => hiddenFields(principal, table).size > 0))
    throw forbidden('sysReport.sqlNeedsAllFields');
}

/** Runs reports on the product's database (as the report role) or on an external PostgreSQL server. */
export class ReportRunner {
  private readonly sources = new ReportSourceRepo();
  /** Each query's statement timeout (REPORT_TIMEOUT_SECONDS). */
  private readonly timeoutMs: number;

  constructor(private readonly ctx: AppContext) {
    this.timeoutMs = ctx.config.reportTimeoutSeconds * 1000;
  }

  async run(
    principal: Principal,
    def: ReportDefinition,
    given: Record<string, ReportParamValueType> | undefined,
  ): Promise<ReportResultValue> {
    const started = Date.now();
    const values = resolveParams(def.params, given);
    const value = (name: string) => paramValue(values, name);
    try {
      const source = def.dataSourceId
        ? await this.ctx.db.tenant(principal.tenantId, (trx) => this.sources.find(trx, def.dataSourceId!))
        : undefined;
      if (def.dataSourceId && !source) throw notFound('sysReport.sourceNotFound');
      let rows: Record<string, unknown>[];
      let columns: string[];
      if (source?.kind === 'postgres') {
        if (def.mode !== 'sql') throw badRequest('sysReport.builderBuiltinOnly');
        const parts = parseReportSql(def.sqlText ?? '');
        const client = await connectExternal(this.ctx.outbound, externalTarget(this.ctx, source));
        try {
          ({ rows, columns } = await runExternal(client, parts, value, this.timeoutMs));
        } finally {
          await client.end().catch(() => undefined);
        }
      } else {
        ({ rows, columns } = await this.ctx.db.tenant(principal.tenantId, (trx) =>
          this.builtin(trx, principal, def, value),
        ));
      }
      const truncated = rows.length > ROW_CAP;
      const kept = truncated ? rows.slice(0, ROW_CAP) : rows;
      return {
        columns: columns.length ? columns : Object.keys(kept[0] ?? {}),
        rows: kept.map(plainRow),
        truncated,
        rowCap: ROW_CAP,
        elapsedMs: Date.now() - started,
      };
    } catch (error) {
      throw reportFailure(error, this.ctx.config.reportTimeoutSeconds);
    }
  }

  private async builtin(
    trx: Trx,
    principal: Principal,
    def: ReportDefinition,
    value: (name: string) => unknown,
  ) {
    const scope = await resolveDataScope(trx, principal);
    if (def.mode === 'sql') {
      assertSqlAllowed(principal, scope);
      const statement = boundSql(parseReportSql(def.sqlText ?? ''), value);
      const rows = await runAsReportRole(trx, statement, this.timeoutMs);
      return { rows, columns: [] as string[] };
    }
    const builder = def.builder;
    const table = builder ? catalogTable(builder.table) : undefined;
    if (!builder || !table) throw badRequest('sysReport.unknownTable', { name: builder?.table ?? '' });
    const hidden = table.guard ? hiddenFields(principal, table.guard) : new Set<string>();
    const fields = new Map(visibleFields(table, hidden).map((f) => [f.name, f]));
    const { statement, columns } = builderSql({
      table,
      fields,
      def: builder,
      scope: table.scope ? scopeCondition(scope, table.scope.orgColumn, table.scope.ownerColumns) : undefined,
      value,
      unknown: (name) => badRequest('sysReport.unknownField', { name }),
    });
    return { rows: await runAsReportRole(trx, statement, this.timeoutMs), columns };
  }
}

/** Dates as ISO text, JSON values as they are: what the wire and the export write. */
function plainRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row))
    out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
}

const CONNECT_CODES = new Set([
  'ECONNREFUSED',
  'ETIMEDOUT',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ECONNRESET',
  '28P01',
  '28000',
  '3D000',
]);

/** A database's refusal as the localized 400 a report author can act on; anything else stays a 500. */
export function reportFailure(error: unknown, timeoutSeconds: number): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof ReportSqlError) return badRequest(error.key, error.params);
  if (error instanceof ReportTamperError) return badRequest('sysReport.tampered');
  if (error instanceof HostRefused)
    return badRequest(
      error.reason === 'unresolvable' ? 'sysReport.hostUnresolvable' : 'sysReport.hostRefused',
    );
  const code = sqlState(error);
  const detail = error instanceof Error ? error.message.slice(0, 300) : String(error);
  if (typeof code === 'string') {
    if (code === '25006' || code === '42501' || code === '0A000')
      return badRequest('sysReport.notReadable', { detail });
    if (code === '57014') return badRequest('sysReport.timeout', { seconds: timeoutSeconds });
    if (CONNECT_CODES.has(code) || code.startsWith('08'))
      return badRequest('sysReport.connectFailed', { detail });
    if (/^(42|22|21|2B|54|0L|3F)/.test(code)) return badRequest('sysReport.sqlFailed', { detail });
  }
  if (error instanceof Error && /timeout|Connection terminated/i.test(error.message))
    return badRequest('sysReport.connectFailed', { detail });
  return error;
}
