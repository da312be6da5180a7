import { Status, type SerialFilter, type SerialInput, type SerialUpdate } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { formatSerial, periodOf, previewValue } from './serial-format.js';
import { nextSerial } from './serial-next.js';
import { SysSerialRepo, type SerialRecord } from './sys-serial.repo.js';

const SORTABLE = { code: 'code', name: 'name', createTime: 'createTime' };

const toOutput = (row: SerialRecord, now: Date) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  prefix: row.prefix,
  datePart: row.datePart as SerialInput['datePart'],
  padding: row.padding,
  resetRule: row.resetRule as SerialInput['resetRule'],
  currentValue: String(row.currentValue),
  period: row.period,
  preview: formatSerial(row, previewValue(row, now), now),
  status: row.status,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

/** Serial number sequences of the working tenant. */
export class SysSerialService {
  private readonly repo = new SysSerialRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: SerialFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const sort = resolveSort(filter, SORTABLE, { column: 'createTime', direction: 'desc' });
      const page = await this.repo.page(trx, filter, sort);
      const now = new Date();
      return { ...page, items: page.items.map((row) => toOutput(row, now)) };
    });
  }

  add(principal: Principal, input: SerialInput): Promise<string> {
    const id = newId();
    return this.unique(() =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        if (await this.repo.codeTaken(trx, input.code))
          throw conflict('serial.codeTaken', { code: input.code });
        const row = {
          id,
          tenantId: principal.tenantId,
          ...this.fields(input),
          currentValue: 0,
          period: periodOf(input.resetRule, new Date()),
          ...created(principal),
        };
        await this.repo.insert(trx, row);
        this.ctx.audit.diff({ principal, table: 'sysSerial', rowId: id, operation: 'insert', after: row });
        return id;
      }),
    );
  }

  async update(principal: Principal, input: SerialUpdate): Promise<void> {
    await this.unique(() =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const current = await this.repo.find(trx, input.id);
        if (!current) throw notFound();
        if (await this.repo.codeTaken(trx, input.code, input.id))
          throw conflict('serial.codeTaken', { code: input.code });
        // The counter and its period are the sequence's state: only `next` moves them.
        const patch = { ...this.fields(input), ...updated(principal) };
        await this.repo.update(trx, input.id, patch);
        this.ctx.audit.diff({
          principal,
          table: 'sysSerial',
          rowId: input.id,
          operation: 'update',
          before: current,
          after: applied(current, patch),
        });
      }),
    );
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysSerial', rowId: id, operation: 'delete', before: current });
    });
  }

  next(principal: Principal, code: string) {
    return this.ctx.db.tenant(principal.tenantId, (trx) => nextSerial(trx, code));
  }

  private fields(input: SerialInput) {
    return {
      code: input.code.trim(),
      name: input.name.trim(),
      prefix: input.prefix ?? '',
      datePart: input.datePart,
      padding: input.padding,
      resetRule: input.resetRule,
      status: input.status ?? Status.Enable,
      remark: input.remark ?? null,
    };
  }

  /** Two saves of one code at once: the unique index decides. */
  private async unique<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('serial.codeTaken', { code: '' });
      throw error;
    }
  }
}
