import type { SelectQueryBuilder } from 'kysely';
import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { dateTimeCell, labelCell, type ColumnFormats } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { notFound } from '../../platform/http/errors.js';
import { paginate, resolveSort, type PageRequest } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { t } from '../../platform/i18n/index.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';
import { LOCAL_NETWORK } from '../../platform/logs/client-location.js';
import type { ExportOptions } from '@lintel/contracts/wire';
import {
  ExLogOutput,
  HttpLogOutput,
  VisLogOutput,
  type ExLogFilter,
  type HttpLogFilter,
  type VisLogFilter,
} from './access-log.schema.js';
import {
  clearLog,
  exById,
  exQuery,
  httpById,
  httpQuery,
  visById,
  visQuery,
  type AccessLog,
} from './access-log.repo.js';

type Row = { id: string; tenantId: string; userId?: string | null; createTime: Date };
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- one reader for three tables
type Query<R> = SelectQueryBuilder<DB, any, R>;

/** What differs between the three logs: their query, sort fields, file name and coded columns. */
interface LogSpec<F, R extends Row> {
  table: AccessLog;
  query(trx: Trx, tenantId: string, filter: F): Query<R>;
  byId(trx: Trx, tenantId: string, id: string): Promise<R | undefined>;
  sort: Record<string, string>;
  name: string;
  exportable: string[];
  formats: ColumnFormats;
  shown(row: R, locale: Locale): Record<string, unknown>;
}

/**
 * The total of a log page: counting a million rows on every page turn would cost more than reading
 * the page, so totals are kept per tenant, log and filter (platform/cache/count-cache.ts) for up to a
 * minute; a clear or a purge recounts at once. The rows themselves are always read fresh.
 */
export function logTotal(ctx: AppContext, tenantId: string, log: string, input: PageRequest) {
  const {
    page: _p,
    pageSize: _s,
    field: _f,
    order: _o,
    descStr: _d,
    ...filter
  } = input as Record<string, unknown>;
  return (exact: () => Promise<number>) =>
    countCacheOf(ctx.cache).total(tenantId, log, JSON.stringify(filter), exact);
}

/** An entry as the API shows it: without tenant and user ids, the time as ISO text. */
function plain<R extends Row>(row: R): Record<string, unknown> {
  const { tenantId: _t, userId: _u, ...rest } = row;
  return { ...rest, createTime: formatIso(row.createTime) };
}

const TIME = { createTime: 'createTime' };
export const VIS: LogSpec<VisLogFilter, NonNullable<Awaited<ReturnType<typeof visById>>>> = {
  table: 'sysLogVis',
  query: visQuery,
  byId: visById,
  sort: { ...TIME, elapsedMs: 'elapsedMs' },
  name: 'visit-log',
  exportable: Object.keys(VisLogOutput.properties),
  formats: {
    createTime: dateTimeCell,
    actionName: labelCell('log.action'),
    loginMode: labelCell('log.mode'),
  },
  shown: (row, locale) => ({
    ...plain(row),
    location: row.location === LOCAL_NETWORK ? t(locale, 'log.localNetwork') : row.location,
  }),
};
export const EX: LogSpec<ExLogFilter, NonNullable<Awaited<ReturnType<typeof exById>>>> = {
  table: 'sysLogEx',
  query: exQuery,
  byId: exById,
  sort: { ...TIME, statusCode: 'statusCode' },
  name: 'exception-log',
  exportable: Object.keys(ExLogOutput.properties),
  formats: { createTime: dateTimeCell },
  shown: (row) => plain(row),
};
export const HTTP: LogSpec<HttpLogFilter, NonNullable<Awaited<ReturnType<typeof httpById>>>> = {
  table: 'sysLogHttp',
  query: httpQuery,
  byId: httpById,
  sort: { ...TIME, elapsedMs: 'elapsedMs', statusCode: 'statusCode' },
  name: 'http-log',
  exportable: Object.keys(HttpLogOutput.properties),
  formats: { createTime: dateTimeCell },
  shown: (row) => plain(row),
};

/** Reads and clears the tenant's visit, exception and HTTP request logs, newest first. */
export class AccessLogService {
  constructor(private readonly ctx: AppContext) {}

  page<F extends PageRequest, R extends Row>(
    spec: LogSpec<F, R>,
    principal: Principal,
    input: F,
    locale: Locale,
  ) {
    const sort = resolveSort(input, spec.sort, { column: 'createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await paginate(
        spec.query(trx, principal.tenantId, input),
        input,
        sort,
        'id',
        logTotal(this.ctx, principal.tenantId, spec.table, input),
      );
      return { ...page, items: page.items.map((row) => spec.shown(row, locale)) };
    });
  }

  /** One entry (404 when the tenant has none with this id). */
  async detail<F, R extends Row>(spec: LogSpec<F, R>, principal: Principal, id: string, locale: Locale) {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) => spec.byId(trx, principal.tenantId, id));
    if (!row) throw notFound();
    return spec.shown(row, locale);
  }

  /**
   * Empties one log of the tenant; entries still queued are written first, so none survives. The
   * difference log records who cleared how many.
   */
  async clear(log: AccessLog, principal: Principal): Promise<number> {
    await this.ctx.audit.flush();
    const cleared = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      clearLog(trx, log, principal.tenantId),
    );
    await countCacheOf(this.ctx.cache).changed(principal.tenantId, log);
    this.ctx.audit.diff({
      principal,
      table: log,
      rowId: principal.tenantId,
      operation: 'delete',
      before: { entries: cleared },
      after: { entries: 0 },
    });
    return cleared;
  }

  /** The filtered log as a file, streamed: the page shown, or every entry newest first (falling id). */
  export<F extends PageRequest, R extends Row>(
    spec: LogSpec<F, R>,
    principal: Principal,
    input: F & ExportOptions,
    locale: Locale,
    onError: (error: unknown) => void,
  ) {
    const { format, range, columns, ...rest } = input;
    const filter = rest as unknown as F;
    const batch = (last: { id: string } | undefined) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        let query = spec.query(trx, principal.tenantId, filter);
        if (last) query = query.where('id', '<', last.id);
        const rows = await query.orderBy('id', 'desc').limit(EXPORT_BATCH).execute();
        return rows.map((row) => spec.shown(row as R, locale) as { id: string });
      });
    return exportRows(
      {
        format,
        allowed: spec.exportable,
        ...(columns ? { asked: columns } : {}),
        name: spec.name,
        rows: () =>
          range === 'page'
            ? oneBatch(
                this.page(spec, principal, filter, locale).then((page) => page.items as { id: string }[]),
              )
            : keysetBatches(batch),
        cells: (row) => row as never,
        locale,
        formats: spec.formats,
      },
      onError,
    );
  }
}
