import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { SysDictTypeService } from '../sys-dict-type/sys-dict-type.service.js';
import { SysDictDataRepo, type DictDataFilter, type DictDataRow } from './sys-dict-data.repo.js';

export interface DictDataInput {
  dictTypeId: string;
  label: string;
  value: string;
  code?: string;
  name?: string;
  tagType?: string;
  styleSetting?: string;
  classSetting?: string;
  extData?: string;
  orderNo?: number;
  remark?: string;
  status?: number;
}

export function toDictDataOutput(row: DictDataRow) {
  return {
    ...row,
    desc: row.remark,
    createTime: formatIso(row.createTime),
    updateTime: iso(row.updateTime),
  };
}

/** The columns an add or update writes, trimmed; fields left out stay as they are. */
function columns(input: DictDataInput) {
  return {
    dictTypeId: input.dictTypeId,
    label: input.label.trim(),
    value: input.value.trim(),
    code: input.code,
    name: input.name,
    tagType: input.tagType,
    styleSetting: input.styleSetting,
    classSetting: input.classSetting,
    extData: input.extData,
    orderNo: input.orderNo,
    remark: input.remark,
    status: input.status,
  };
}

/** Items of the dictionaries of the working tenant. Types are reached through SysDictTypeService. */
export class SysDictDataService {
  private readonly repo = new SysDictDataRepo();
  private readonly types: SysDictTypeService;

  constructor(private readonly ctx: AppContext) {
    this.types = new SysDictTypeService(ctx);
  }

  /** Runs `fn` in a transaction of the tenant. */
  private inTenant<T>(tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.ctx.db.tenant(tenantId, fn);
  }

  async page(tenantId: string, input: DictDataFilter) {
    await this.types.get(tenantId, input.dictTypeId);
    const page = await this.inTenant(tenantId, (trx) => this.repo.page(trx, input));
    return { ...page, items: page.items.map(toDictDataOutput) };
  }

  async list(tenantId: string, dictTypeId: string) {
    await this.types.get(tenantId, dictTypeId);
    return (await this.inTenant(tenantId, (trx) => this.repo.listOf(trx, dictTypeId))).map(toDictDataOutput);
  }

  async get(tenantId: string, id: string): Promise<DictDataRow> {
    const row = await this.inTenant(tenantId, (trx) => this.repo.findById(trx, id));
    if (!row) throw notFound();
    return row;
  }

  async detail(tenantId: string, id: string) {
    return toDictDataOutput(await this.get(tenantId, id));
  }

  /** Enabled items of an enabled type, by type code (the dict widget). */
  async dataList(tenantId: string, code: string) {
    return this.types.dataList(tenantId, code);
  }

  private async assertValueFree(tenantId: string, dictTypeId: string, value: string, exceptId?: string) {
    if (await this.inTenant(tenantId, (trx) => this.repo.valueTaken(trx, dictTypeId, value, exceptId)))
      throw conflict('crud.duplicateValue', { value });
  }

  async add(principal: Principal, input: DictDataInput): Promise<string> {
    const tenantId = principal.tenantId;
    const values = columns(input);
    await this.types.get(tenantId, values.dictTypeId);
    await this.assertValueFree(tenantId, values.dictTypeId, values.value);
    const row = { id: newId(), tenantId, ...values, ...created(principal) };
    const id = await this.inTenant(tenantId, (trx) => this.repo.insert(trx, row));
    await this.types.invalidate(tenantId);
    return id;
  }

  async update(principal: Principal, input: DictDataInput & { id: string }): Promise<void> {
    const tenantId = principal.tenantId;
    const current = await this.get(tenantId, input.id);
    const values = columns(input);
    if (values.dictTypeId !== current.dictTypeId) await this.types.get(tenantId, values.dictTypeId);
    if (values.dictTypeId !== current.dictTypeId || values.value !== current.value)
      await this.assertValueFree(tenantId, values.dictTypeId, values.value, input.id);
    const patch = { ...values, ...updated(principal) };
    if (!(await this.inTenant(tenantId, (trx) => this.repo.update(trx, input.id, patch)))) throw notFound();
    await this.types.invalidate(tenantId);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    if (!(await this.inTenant(principal.tenantId, (trx) => this.repo.delete(trx, id)))) throw notFound();
    await this.types.invalidate(principal.tenantId);
  }

  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    const patch = { status, ...updated(principal) };
    if (!(await this.inTenant(principal.tenantId, (trx) => this.repo.update(trx, id, patch))))
      throw notFound();
    await this.types.invalidate(principal.tenantId);
  }
}
