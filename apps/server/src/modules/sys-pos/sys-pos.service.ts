import type { Locale } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import type { Pos } from '../../platform/db/schema.js';
import { dateTimeCell, enumCell } from '../../platform/export/cell-formats.js';
import { exportRows, oneBatch } from '../../platform/export/row-export.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { created, updated } from '../../platform/audit/stamps.js';
import { SysPosRepo } from './sys-pos.repo.js';
import { PosOutput, type PosExportInput, type PosFilter, type PosInput } from './sys-pos.schema.js';

/** Fields of the position list a file may hold. */
const EXPORTABLE = Object.keys(PosOutput.properties);
/** Coded columns, written as a person reads them. */
const FORMATS = { status: enumCell('Status'), createTime: dateTimeCell, updateTime: dateTimeCell };

const toPosOutput = (row: Pos & { staffCount: number }) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  orderNo: row.orderNo,
  status: row.status,
  remark: row.remark,
  staffCount: row.staffCount,
  createTime: formatIso(row.createTime),
  updateTime: row.updateTime ? formatIso(row.updateTime) : null,
});

/** Positions of the working tenant; staff counts and lists follow the caller's data scope. */
export class SysPosService {
  private readonly repo = new SysPosRepo();

  constructor(private readonly ctx: AppContext) {}

  list(principal: Principal, filter: PosFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      return (await this.repo.list(trx, scope, filter)).map(toPosOutput);
    });
  }

  /**
   * The filtered positions as a file, streamed: every one, or the page the user sees. Staff counts
   * follow the data scope and the field blacklist hides columns, as in the list.
   */
  export(principal: Principal, input: PosExportInput, locale: Locale, onError: (error: unknown) => void) {
    const { format, range, columns, page = 1, pageSize = 20, ...filter } = input;
    const rows = async () => {
      const all = await this.list(principal, filter);
      return range === 'page' ? all.slice((page - 1) * pageSize, page * pageSize) : all;
    };
    return exportRows(
      {
        format,
        allowed: EXPORTABLE,
        hidden: principal.fieldBlacklist.sysPos,
        asked: columns,
        name: 'positions',
        rows: () => oneBatch(rows()),
        cells: (row) => row,
        locale,
        formats: FORMATS,
      },
      onError,
    );
  }

  staff(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.find(trx, id))) throw notFound();
      const scope = await resolveDataScope(trx, principal);
      return this.repo.staff(trx, scope, id);
    });
  }

  add(principal: Principal, input: PosInput): Promise<string> {
    const id = newId();
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = {
        id,
        tenantId: principal.tenantId,
        name: input.name.trim(),
        code: input.code.trim(),
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark ?? null,
        ...created(principal),
      };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({ principal, table: 'sysPos', rowId: id, operation: 'insert', after: row });
      return id;
    });
  }

  async update(principal: Principal, input: PosInput & { id: string }): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      const patch = {
        name: input.name.trim(),
        code: input.code.trim(),
        orderNo: input.orderNo,
        status: input.status,
        remark: input.remark,
        ...updated(principal),
      };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysPos',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
    });
    // Position names are part of cached principals (userInfo's posName).
    await this.ctx.tenants.invalidate(principal.tenantId);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      if (await this.repo.inUse(trx, id)) throw badRequest('pos.inUse');
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysPos', rowId: id, operation: 'delete', before: current });
    });
  }
}
