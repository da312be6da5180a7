import type { Locale } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { dateTimeCell, labelCell } from '../../platform/export/cell-formats.js';
import { EXPORT_BATCH, exportRows, keysetBatches, oneBatch } from '../../platform/export/row-export.js';
import { notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { SysMessageRepo, type MsgLog } from './sys-message.repo.js';
import { MsgLogOutput, type MsgLogExportInput, type MsgLogFilter } from './sys-message.schema.js';

const SORT = { createTime: 'createTime', title: 'title', recipientCount: 'recipientCount' };
const EXPORTABLE = Object.keys(MsgLogOutput.properties);
const FORMATS = {
  messageType: labelCell('message.type'),
  sendKind: labelCell('message.kind'),
  createTime: dateTimeCell,
};

const toOutput = (row: MsgLog) => ({
  id: row.id,
  title: row.title,
  message: row.message,
  messageType: row.messageType,
  sendKind: row.sendKind,
  sendUserId: row.sendUserId,
  sendUserName: row.sendUserName,
  recipientCount: row.recipientCount,
  onlineCount: row.onlineCount,
  createTime: formatIso(row.createTime),
});

/** The message log (sysLogMsg): every send of the tenant, who sent what to how many; cleared on its own. */
export class MsgLogService {
  private readonly repo = new SysMessageRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: MsgLogFilter) {
    const sort = resolveSort(filter, SORT, { column: 'createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.pageLog(trx, filter, sort);
      return { ...page, items: page.items.map(toOutput) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.findLog(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  /** Empties the tenant's message log (the inboxes keep their messages); answers how many went. */
  async clear(principal: Principal): Promise<number> {
    const cleared = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.clearLog(trx, principal.tenantId),
    );
    this.ctx.audit.diff({
      principal,
      table: 'sysLogMsg',
      rowId: principal.tenantId,
      operation: 'delete',
      before: { entries: cleared },
      after: { entries: 0 },
    });
    return cleared;
  }

  /** The filtered log as a file, streamed: the page shown, or every entry newest first by id. */
  export(principal: Principal, input: MsgLogExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, ...filter } = input;
    const batch = (last: { id: string } | undefined) =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        let query = this.repo.logQuery(trx, filter);
        if (last) query = query.where('id', '<', last.id);
        return (await query.orderBy('id', 'desc').limit(EXPORT_BATCH).execute()).map(toOutput);
      });
    return exportRows(
      {
        format,
        allowed: EXPORTABLE,
        asked: columns,
        name: 'message-log',
        rows: () =>
          range === 'page'
            ? oneBatch(this.page(principal, filter).then((page) => page.items))
            : keysetBatches(batch),
        cells: (row) => row,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }
}
