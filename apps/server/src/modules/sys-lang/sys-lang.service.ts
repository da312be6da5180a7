import type { Principal } from '../../platform/auth/principal.js';
import { created, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { langPolicy } from './lang.policy.js';
import { SysLangRepo, type Lang } from './sys-lang.repo.js';
import type { LangInput, LangPageInput, LangUpdate } from './sys-lang.schema.js';

/** The sign-in page asks on every visit; writes here drop it. */
const DROPDOWN_KEY = 'sysLang:dropdown';
const DROPDOWN_TTL = 600;

const toOutput = (row: Lang) => ({
  id: row.id,
  code: row.code,
  name: row.name,
  nativeName: row.nativeName,
  active: row.active,
  orderNo: row.orderNo,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: row.updateTime ? formatIso(row.updateTime) : null,
});

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/** Languages the product offers (platform-wide, edited by the super admin). */
export class SysLangService {
  private readonly repo = new SysLangRepo();

  constructor(private readonly ctx: AppContext) {}

  async page(input: LangPageInput) {
    const page = await this.repo.page(this.ctx.db.global, input);
    return { ...page, items: page.items.map(toOutput) };
  }

  async detail(id: string) {
    const row = await this.repo.find(this.ctx.db.global, id);
    if (!row) throw notFound('lang.notFound');
    return toOutput(row);
  }

  async dropdownData(): Promise<{ value: string; label: string; name: string }[]> {
    const cached = await this.ctx.cache.get<{ value: string; label: string; name: string }[]>(DROPDOWN_KEY);
    if (cached) return cached;
    const rows = (await this.repo.active(this.ctx.db.global)).map((row) => ({
      value: row.code,
      label: row.nativeName,
      name: row.name,
    }));
    await this.ctx.cache.set(DROPDOWN_KEY, rows, DROPDOWN_TTL);
    return rows;
  }

  async add(principal: Principal, input: LangInput): Promise<string> {
    const id = newId();
    const row = {
      id,
      code: input.code,
      name: input.name.trim(),
      nativeName: input.nativeName.trim(),
      active: input.active ?? true,
      orderNo: input.orderNo ?? 100,
      remark: blankToNull(input.remark),
      ...created(principal),
    };
    await this.ctx.db.platform((trx) => this.repo.insert(trx, row));
    await this.ctx.cache.del(DROPDOWN_KEY);
    this.ctx.audit.diff({ principal, table: 'sysLang', rowId: id, operation: 'insert', after: row });
    return id;
  }

  async update(principal: Principal, input: LangUpdate): Promise<void> {
    const before = await this.ctx.db.platform(async (trx) => {
      const activeIds = await this.repo.lockActive(trx);
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound('lang.notFound');
      const active = input.active ?? current.active;
      if (!active) langPolicy.assertNotLastActive(activeIds, input.id);
      await this.repo.update(trx, input.id, {
        code: input.code,
        name: input.name.trim(),
        nativeName: input.nativeName.trim(),
        active,
        orderNo: input.orderNo ?? current.orderNo,
        remark: input.remark === undefined ? current.remark : blankToNull(input.remark),
        ...updated(principal),
      });
      return current;
    });
    await this.ctx.cache.del(DROPDOWN_KEY);
    this.ctx.audit.diff({
      principal,
      table: 'sysLang',
      rowId: input.id,
      operation: 'update',
      before,
      after: { ...before, ...input },
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const before = await this.ctx.db.platform(async (trx) => {
      const activeIds = await this.repo.lockActive(trx);
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound('lang.notFound');
      langPolicy.assertNotLastActive(activeIds, id);
      await this.repo.delete(trx, id);
      return current;
    });
    await this.ctx.cache.del(DROPDOWN_KEY);
    this.ctx.audit.diff({ principal, table: 'sysLang', rowId: id, operation: 'delete', before });
  }
}
