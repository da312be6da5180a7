import type { PrintRequest, PrintRow } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { notFound } from '../../platform/http/errors.js';
import { templateValues } from './print-template-rules.js';
import { SysPrintRepo, type PrintTemplate } from './sys-print.repo.js';
import type { PrintFilter } from './sys-print.schema.js';

const toOutput = (row: PrintTemplate): PrintRow => ({
  id: row.id,
  name: row.name,
  bizType: row.bizType,
  template: row.template,
  paper: row.paper,
  width: row.width,
  height: row.height,
  orientation: row.orientation,
  marginTop: row.marginTop,
  marginRight: row.marginRight,
  marginBottom: row.marginBottom,
  marginLeft: row.marginLeft,
  orderNo: row.orderNo,
  status: row.status,
  remark: row.remark,
  createTime: iso(row.createTime)!,
  updateTime: iso(row.updateTime),
});

/**
 * Print templates of the working tenant. Managing them takes the sysPrint codes; reading the enabled
 * ones (the chooser of a list, print/{name}) is open to every account of the tenant, since a template
 * is only a layout and the data printed is what the user's list already shows.
 */
export class SysPrintService {
  private readonly repo = new SysPrintRepo();

  constructor(private readonly ctx: AppContext) {}

  async page(principal: Principal, filter: PrintFilter) {
    const page = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.page(trx, filter));
    return { ...page, items: page.items.map(toOutput) };
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  /** The enabled template of that name (Admin.NET's print/{name}). */
  byName(principal: Principal, name: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.findEnabledByName(trx, name);
      if (!row) throw notFound('print.notFound', { name });
      return toOutput(row);
    });
  }

  /** The enabled templates a list offers. */
  listFor(principal: Principal, bizType: string) {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.enabledFor(trx, bizType));
  }

  add(principal: Principal, input: PrintRequest): Promise<string> {
    const id = newId();
    const values = templateValues(input);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = { id, tenantId: principal.tenantId, ...values, ...created(principal) };
      await this.repo.insert(trx, row);
      this.ctx.audit.diff({ principal, table: 'sysPrint', rowId: id, operation: 'insert', after: row });
      return id;
    });
  }

  async update(principal: Principal, input: PrintRequest & { id: string }): Promise<void> {
    const values = templateValues(input);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      const patch = { ...values, ...updated(principal) };
      await this.repo.update(trx, input.id, patch);
      this.ctx.audit.diff({
        principal,
        table: 'sysPrint',
        rowId: input.id,
        operation: 'update',
        before: current,
        after: applied(current, patch),
      });
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      await this.repo.delete(trx, id);
      this.ctx.audit.diff({ principal, table: 'sysPrint', rowId: id, operation: 'delete', before: current });
    });
  }
}
