import type {
  Locale,
  ReportSourceFilter,
  ReportSourceInput,
  ReportSourceRow,
  ReportSourceTestInput,
  ReportSourceTestOutcome,
  ReportSourceUpdate,
} from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { openSecret, sealSecret } from '../../platform/crypto/secret-box.js';
import { AppError, badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveSort } from '../../platform/http/paging.js';
import { t } from '../../platform/i18n/index.js';
import { connectExternal, externalVersion, type ExternalTarget } from './report-external.repo.js';
import { ReportSourceRepo, type ReportSourceRecord } from './report-source.repo.js';
import { reportFailure } from './report-run.service.js';

const SORT = { orderNo: 's.orderNo', name: 's.name', kind: 's.kind', createTime: 's.createTime' };

const output = (row: ReportSourceRecord): ReportSourceRow => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  host: row.host,
  port: row.port,
  databaseName: row.databaseName,
  userName: row.userName,
  hasPassword: !!row.password,
  ssl: row.ssl,
  connectTimeoutMs: row.connectTimeoutMs,
  orderNo: row.orderNo,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

/** What the difference log keeps of a source: never the password, only whether there is one. */
const logged = (row: Partial<ReportSourceRecord>) => {
  const { password, ...rest } = row;
  return { ...rest, hasPassword: !!password };
};

/** How to reach a saved external source, its password opened (only ever on the server). */
export function externalTarget(
  ctx: AppContext,
  row: Pick<
    ReportSourceRecord,
    'host' | 'port' | 'databaseName' | 'userName' | 'password' | 'ssl' | 'connectTimeoutMs'
  >,
): ExternalTarget {
  return {
    host: row.host ?? '',
    port: row.port ?? 5432,
    database: row.databaseName ?? '',
    user: row.userName ?? '',
    password: row.password ? openSecret(ctx.keys, row.password) : '',
    ssl: row.ssl,
    connectTimeoutMs: row.connectTimeoutMs,
    statementTimeoutMs: ctx.config.reportTimeoutSeconds * 1000,
  };
}

/** The columns of a source from a form: an external one needs its host, database and user. */
function fields(input: ReportSourceInput) {
  const external = input.kind === 'postgres';
  if (external && (!input.host?.trim() || !input.databaseName?.trim() || !input.userName?.trim()))
    throw badRequest('sysReport.sourceIncomplete');
  return {
    name: input.name.trim(),
    kind: input.kind,
    host: external ? input.host!.trim() : null,
    port: external ? (input.port ?? 5432) : null,
    databaseName: external ? input.databaseName!.trim() : null,
    userName: external ? input.userName!.trim() : null,
    ssl: external ? (input.ssl ?? false) : false,
    connectTimeoutMs: input.connectTimeoutMs ?? 5000,
    orderNo: input.orderNo ?? 100,
    remark: input.remark ?? null,
  };
}

/** Report data sources of the working tenant; passwords sealed at rest and never answered. */
export class ReportSourceService {
  private readonly repo = new ReportSourceRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: ReportSourceFilter) {
    const sort = resolveSort(filter, SORT, { column: 's.orderNo', direction: 'asc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(output) };
    });
  }

  list(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.list(trx));
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return output(row);
    });
  }

  add(principal: Principal, input: ReportSourceInput): Promise<string> {
    const values = fields(input);
    const password =
      input.password && values.kind === 'postgres' ? sealSecret(this.ctx.keys, input.password) : null;
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = { id, tenantId: principal.tenantId, ...values, password, ...created(principal) };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportDataSource',
        rowId: id,
        operation: 'insert',
        after: logged(row),
      });
      return id;
    });
  }

  async update(principal: Principal, input: ReportSourceUpdate): Promise<void> {
    const values = fields(input);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      // An empty password keeps the saved one: the form never has it to send back.
      const password =
        values.kind !== 'postgres'
          ? null
          : input.password
            ? sealSecret(this.ctx.keys, input.password)
            : current.password;
      const patch = { ...values, password, ...updated(principal) };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportDataSource',
        rowId: input.id,
        operation: 'update',
        before: logged(current),
        after: { ...logged({ ...current, ...patch }), ...(input.password ? { passwordChanged: true } : {}) },
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      const uses = await this.repo.usedBy(trx, id);
      if (uses > 0) throw conflict('sysReport.sourceInUse', { count: uses });
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({
        principal,
        table: 'sysReportDataSource',
        rowId: id,
        operation: 'delete',
        before: logged(current),
      });
    });
  }

  /**
   * Tries a saved source, or the form's values (a missing password is the saved one's): connects
   * under the outbound policy and reads the server's version. A failure is an answer, not an error.
   */
  async testConnection(
    principal: Principal,
    input: ReportSourceTestInput,
    locale: Locale,
  ): Promise<ReportSourceTestOutcome> {
    const started = Date.now();
    const saved = input.id
      ? await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, input.id!))
      : undefined;
    if (input.id && !saved) throw notFound();
    const kind = input.kind ?? saved?.kind ?? 'builtin';
    if (kind === 'builtin')
      return { ok: true, message: t(locale, 'sysReport.builtinReady'), elapsedMs: Date.now() - started };
    // The form's values over the saved ones; the password only ever from the form or the seal.
    const target = externalTarget(this.ctx, {
      host: input.host?.trim() || saved?.host || null,
      port: input.port ?? saved?.port ?? 5432,
      databaseName: input.databaseName?.trim() || saved?.databaseName || null,
      userName: input.userName?.trim() || saved?.userName || null,
      password: null,
      ssl: input.ssl ?? saved?.ssl ?? false,
      connectTimeoutMs: input.connectTimeoutMs ?? saved?.connectTimeoutMs ?? 5000,
    });
    if (!target.host || !target.database || !target.user) throw badRequest('sysReport.sourceIncomplete');
    target.password = input.password || (saved?.password ? openSecret(this.ctx.keys, saved.password) : '');
    try {
      const client = await connectExternal(this.ctx.outbound, target);
      try {
        const version = await externalVersion(client);
        return { ok: true, message: version, elapsedMs: Date.now() - started };
      } finally {
        await client.end().catch(() => undefined);
      }
    } catch (error) {
      const failure = reportFailure(error, this.ctx.config.reportTimeoutSeconds);
      if (!(failure instanceof AppError)) throw failure;
      return { ok: false, message: t(locale, failure.key, failure.params), elapsedMs: Date.now() - started };
    }
  }
}
