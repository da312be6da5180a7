import { Status, YesNo } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { DictType } from '../../platform/db/schema.js';
import { conflict, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { SysDictTypeRepo, type DictItemRow, type DictTypeFilter } from './sys-dict-type.repo.js';
import { dictTypePolicy } from './dict-type.policy.js';

export interface DictTypeInput {
  name: string;
  code: string;
  orderNo?: number;
  remark?: string;
  status?: number;
}

/** Seconds the per-tenant dictionary map stays cached; every write drops it at once. */
const ALL_DICT_TTL = 600;
const allDictKey = (tenantId: string) => `dict:all:${tenantId}`;

export function toDictTypeOutput(row: DictType) {
  return { ...row, createTime: formatIso(row.createTime), updateTime: iso(row.updateTime) };
}

/** A dictionary item as the dict widget reads it (`desc` is the remark). */
export function toDictItem(row: DictItemRow) {
  const { remark, ...rest } = row;
  return { ...rest, desc: remark };
}

/** Dictionary types of the working tenant, and the reads of their items by code. */
export class SysDictTypeService {
  private readonly repo = new SysDictTypeRepo();

  constructor(private readonly ctx: AppContext) {}

  /** Runs `fn` in a transaction of the tenant. */
  private inTenant<T>(tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    return this.ctx.db.tenant(tenantId, fn);
  }

  async page(tenantId: string, input: DictTypeFilter) {
    const page = await this.inTenant(tenantId, (trx) => this.repo.page(trx, input));
    return { ...page, items: page.items.map(toDictTypeOutput) };
  }

  async list(tenantId: string) {
    return (await this.inTenant(tenantId, (trx) => this.repo.list(trx))).map(toDictTypeOutput);
  }

  /** One type of the tenant; 404 when absent (or of another tenant, or not in `status`). */
  async get(tenantId: string, id: string, status?: number): Promise<DictType> {
    const row = await this.inTenant(tenantId, (trx) => this.repo.findById(trx, id));
    if (!row || (status !== undefined && row.status !== status)) throw notFound();
    return row;
  }

  async detail(tenantId: string, id: string, status?: number) {
    return toDictTypeOutput(await this.get(tenantId, id, status));
  }

  private async assertCodeFree(tenantId: string, code: string, exceptId?: string) {
    if (await this.inTenant(tenantId, (trx) => this.repo.codeTaken(trx, code, exceptId)))
      throw conflict('crud.duplicateCode', { code });
  }

  async add(principal: Principal, input: DictTypeInput): Promise<string> {
    const tenantId = principal.tenantId;
    const code = input.code.trim();
    await this.assertCodeFree(tenantId, code);
    const values = {
      id: newId(),
      tenantId,
      name: input.name.trim(),
      code,
      orderNo: input.orderNo,
      remark: input.remark,
      status: input.status,
      sysFlag: YesNo.N,
      ...created(principal),
    };
    const row = await this.inTenant(tenantId, (trx) => this.repo.insert(trx, values));
    await this.invalidate(tenantId);
    return row.id;
  }

  async update(principal: Principal, input: DictTypeInput & { id: string }): Promise<void> {
    const tenantId = principal.tenantId;
    const current = await this.get(tenantId, input.id);
    const code = input.code.trim();
    dictTypePolicy.assertCodeChange(current, code);
    if (code !== current.code) await this.assertCodeFree(tenantId, code, input.id);
    const values = {
      name: input.name.trim(),
      code,
      orderNo: input.orderNo,
      remark: input.remark,
      status: input.status,
      ...updated(principal),
    };
    const row = await this.inTenant(tenantId, (trx) => this.repo.update(trx, input.id, values));
    if (!row) throw notFound();
    await this.invalidate(tenantId);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const tenantId = principal.tenantId;
    const current = await this.get(tenantId, id);
    dictTypePolicy.assertDeletable(current);
    if (!(await this.inTenant(tenantId, (trx) => this.repo.delete(trx, id)))) throw notFound();
    await this.invalidate(tenantId);
  }

  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    const row = await this.inTenant(principal.tenantId, (trx) =>
      this.repo.update(trx, id, { status, ...updated(principal) }),
    );
    if (!row) throw notFound();
    await this.invalidate(principal.tenantId);
  }

  /** Enabled items of every enabled type, keyed by type code (cached per tenant). */
  async allDictList(tenantId: string): Promise<Record<string, ReturnType<typeof toDictItem>[]>> {
    const key = allDictKey(tenantId);
    const cached = await this.ctx.cache.get<Record<string, ReturnType<typeof toDictItem>[]>>(key);
    if (cached) return cached;
    const result: Record<string, ReturnType<typeof toDictItem>[]> = {};
    for (const row of await this.inTenant(tenantId, (trx) => this.repo.enabledItems(trx))) {
      (result[row.typeCode] ??= []).push(toDictItem(row));
    }
    await this.ctx.cache.set(key, result, ALL_DICT_TTL);
    return result;
  }

  /** Enabled items of the type with `code`; none when the type is disabled; 404 when it is unknown. */
  async dataList(tenantId: string, code: string) {
    const type = await this.inTenant(tenantId, (trx) => this.repo.findByCode(trx, code));
    if (!type) throw notFound('dict.typeNotFound', { code });
    if (type.status !== Status.Enable) return [];
    return (await this.inTenant(tenantId, (trx) => this.repo.enabledItemsOf(trx, type.id))).map(toDictItem);
  }

  /** Drops the cached dictionary map of a tenant; item writes of sysDictData call it too. */
  async invalidate(tenantId: string): Promise<void> {
    await this.ctx.cache.del(allDictKey(tenantId));
  }
}
