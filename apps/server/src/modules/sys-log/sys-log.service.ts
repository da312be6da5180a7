import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { FieldChange } from '../../platform/db/schema.js';
import { dateTimeCell, labelCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import { notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { hiddenFields } from '../../platform/permission/field-guard.js';
import {
  DiffLogOutput,
  OpLogOutput,
  type DiffLogExportInput,
  type DiffLogFilter,
  type OpLogExportInput,
  type OpLogFilter,
} from './sys-log.schema.js';
import { diffQuery, opQuery, SysLogRepo } from './sys-log.repo.js';
import { clearDiffs } from './access-log.repo.js';
import { logTotal } from './access-log.service.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';

const OP_EXPORTABLE = Object.keys(OpLogOutput.properties);
const DIFF_EXPORTABLE = Object.keys(DiffLogOutput.properties);
/** Coded columns, written as a person reads them (`success` is a flag: yes or no). */
const OP_FORMATS = { createTime: dateTimeCell };
const DIFF_FORMATS = { operation: labelCell('cell.operation'), createTime: dateTimeCell };

/** An entry as the API shows it: without tenant and user ids, the time as ISO text. */
function shown<T extends { tenantId: string; userId: string | null; createTime: Date }>(entry: T) {
  const { tenantId: _t, userId: _u, ...row } = entry;
  return { ...row, createTime: formatIso(entry.createTime) };
}

/**
 * A difference log entry as the API shows it to a principal: changes of fields its field blacklist
 * hides for the entry's table are left out, in lists and exports alike (the blacklist applies to
 * every place a value can be read, the history included).
 */
const shownDiff =
  (principal: Principal) =>
  <
    T extends {
      tenantId: string;
      userId: string | null;
      createTime: Date;
      tableName: string;
      changes: FieldChange[];
    },
  >(
    entry: T,
  ) => {
    const hidden = hiddenFields(principal, entry.tableName);
    const row = shown(entry);
    return hidden.size ? { ...row, changes: entry.changes.filter((c) => !hidden.has(c.field)) } : row;
  };

const valueText = (value: unknown) =>
  typeof value === 'string' ? value : value === undefined ? 'null' : JSON.stringify(value);

/** The changes of a difference log entry as one cell: `field: before -> after; ...`. */
export const changesText = (changes: FieldChange[]) =>
  changes.map((c) => `${c.field}: ${valueText(c.before)} -> ${valueText(c.after)}`).join('; ');

/** Reads of the tenant's operation and difference logs, newest first. */
export class SysLogService {
  private readonly repo = new SysLogRepo();

  constructor(private readonly ctx: AppContext) {}

  opPage(principal: Principal, input: OpLogFilter) {
    const sort = resolveSort(
      input,
      { createTime: 'createTime', elapsedMs: 'elapsedMs', statusCode: 'statusCode' },
      {
        column: 'createTime',
        direction: 'desc',
      },
    );
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await paginate(
        opQuery(trx, input),
        input,
        sort,
        'id',
        logTotal(this.ctx, principal.tenantId, 'sysLogOp', input),
      );
      return { ...page, items: page.items.map(shown) };
    });
  }

  diffPage(principal: Principal, input: DiffLogFilter) {
    const sort = resolveSort(
      input,
      { createTime: 'createTime' },
      { column: 'createTime', direction: 'desc' },
    );
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await paginate(
        diffQuery(trx, input),
        input,
        sort,
        'id',
        logTotal(this.ctx, principal.tenantId, 'sysLogDiff', input),
      );
      return { ...page, items: page.items.map(shownDiff(principal)) };
    });
  }

  /** One operation log entry (404 when the tenant has none with this id). */
  async opDetail(principal: Principal, id: string) {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.opById(trx, principal.tenantId, id),
    );
    if (!row) throw notFound();
    return shown(row);
  }

  /** One difference log entry, without the changes of fields the reader's field blacklist hides. */
  async diffDetail(principal: Principal, id: string) {
    const row = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.diffById(trx, principal.tenantId, id),
    );
    if (!row) throw notFound();
    return shownDiff(principal)(row);
  }

  /**
   * Empties the tenant's operation log (Admin.NET sysLogOp/clear). Entries queued but not yet
   * written are written first, so none survives the clear; the difference log, which has no clear,
   * records who cleared how many.
   */
  async clearOps(principal: Principal): Promise<number> {
    await this.ctx.audit.flush();
    const cleared = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.clearOps(trx, principal.tenantId),
    );
    await countCacheOf(this.ctx.cache).changed(principal.tenantId, 'sysLogOp');
    this.ctx.audit.diff({
      principal,
      table: 'sysLogOp',
      rowId: principal.tenantId,
      operation: 'delete',
      before: { entries: cleared },
      after: { entries: 0 },
    });
    return cleared;
  }

  /** Empties the tenant's difference log; the entry recording who cleared how many is its first after. */
  async clearDiffs(principal: Principal): Promise<number> {
    await this.ctx.audit.flush();
    const cleared = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      clearDiffs(trx, principal.tenantId),
    );
    await countCacheOf(this.ctx.cache).changed(principal.tenantId, 'sysLogDiff');
    this.ctx.audit.diff({
      principal,
      table: 'sysLogDiff',
      rowId: principal.tenantId,
      operation: 'delete',
      before: { entries: cleared },
      after: { entries: 0 },
    });
    return cleared;
  }

  /**
   * The filtered operation log as a file, streamed: the page shown, or every entry newest first, by
   * falling id (ids grow with time), so entries arriving during a long export shift nothing.
   */
  opExport(principal: Principal, input: OpLogExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const batch = (last: { id: string } | undefined) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        let query = opQuery(trx, filter);
        if (last) query = query.where('id', '<', last.id);
        return (await query.orderBy('id', 'desc').limit(EXPORT_BATCH).execute()).map(shown);
      });
    return exportRows(
      {
        format,
        allowed: OP_EXPORTABLE,
        asked: columns,
        name: 'operation-log',
        rows: () =>
          range === 'page'
            ? oneBatch(this.opPage(principal, filter).then((page) => page.items))
            : keysetBatches(batch),
        cells: (row) => row,
        locale,
        formats: OP_FORMATS,
      },
      onError,
    );
  }

  /**
   * The filtered difference log as a file, streamed: the page shown, or every entry newest first.
   * Each entry's changes are one cell of text, `field: before -> after; ...`.
   */
  diffExport(
    principal: Principal,
    input: DiffLogExportInput,
    locale: Locale,
    onError: (error: unknown) => void,
  ) {
    const { format, range, columns, ...filter } = input;
    const batch = (last: { id: string } | undefined) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        let query = diffQuery(trx, filter);
        if (last) query = query.where('id', '<', last.id);
        return (await query.orderBy('id', 'desc').limit(EXPORT_BATCH).execute()).map(shownDiff(principal));
      });
    return exportRows(
      {
        format,
        allowed: DIFF_EXPORTABLE,
        asked: columns,
        name: 'difference-log',
        rows: () =>
          range === 'page'
            ? oneBatch(this.diffPage(principal, filter).then((page) => page.items))
            : keysetBatches(batch),
        cells: (row) => ({ ...row, changes: changesText(row.changes) }),
        locale,
        formats: DIFF_FORMATS,
      },
      onError,
    );
  }
}
