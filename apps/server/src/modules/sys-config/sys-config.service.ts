import { DEFAULT_TENANT_ID, YesNo } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import { created, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';
import { SysTenantService } from '../sys-tenant/sys-tenant.service.js';
import { configPolicy } from './config.policy.js';
import { configBool, forgetConfig } from './config-values.js';
import { SysConfigRepo, type Config } from './sys-config.repo.js';
import type {
  BatchConfigValues,
  ConfigFilter,
  ConfigInput,
  ConfigPageInput,
  ConfigUpdate,
} from './sys-config.schema.js';

const toOutput = (row: Config) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  value: row.value,
  sysFlag: row.sysFlag === YesNo.Y ? YesNo.Y : YesNo.N,
  groupCode: row.groupCode,
  orderNo: row.orderNo,
  remark: row.remark,
  createTime: formatIso(row.createTime),
  updateTime: row.updateTime ? formatIso(row.updateTime) : null,
});

const blankToNull = (text: string | null | undefined) => (text?.trim() ? text.trim() : null);

/**
 * Configuration items of the tenant worked in. Every tenant holds its own copy of the system items
 * (given when it is created), so this is also Admin.NET's per-tenant layer (sysTenantConfig); the
 * page sits in the platform directory, for the super admin, who edits another tenant's items after
 * switching into it. Values the product reads are checked against what their readers understand.
 */
export class SysConfigService {
  private readonly repo = new SysConfigRepo();

  constructor(private readonly ctx: AppContext) {}

  async page(principal: Principal, input: ConfigPageInput) {
    const page = await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.page(trx, input));
    return { ...page, items: page.items.map(toOutput) };
  }

  list(principal: Principal, filter: ConfigFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.list(trx, filter)).map(toOutput),
    );
  }

  groupList(principal: Principal): Promise<string[]> {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.groups(trx));
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return toOutput(row);
    });
  }

  async add(principal: Principal, input: ConfigInput): Promise<string> {
    configPolicy.assertValue(input.code, input.value);
    const id = newId();
    const row = {
      id,
      tenantId: principal.tenantId,
      name: input.name.trim(),
      code: input.code,
      value: input.value,
      sysFlag: YesNo.N,
      groupCode: input.groupCode ?? 'Default',
      orderNo: input.orderNo ?? 100,
      remark: blankToNull(input.remark),
      ...created(principal),
    };
    await this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.insert(trx, row));
    await forgetConfig(this.ctx, principal.tenantId, [row.code]);
    this.ctx.audit.diff({ principal, table: 'sysConfig', rowId: id, operation: 'insert', after: row });
    return id;
  }

  async update(principal: Principal, input: ConfigUpdate): Promise<void> {
    const before = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      configPolicy.assertCodeChange(current, input.code);
      configPolicy.assertValue(input.code, input.value);
      await this.repo.update(trx, input.id, {
        name: input.name.trim(),
        code: input.code,
        value: input.value,
        groupCode: input.groupCode ?? current.groupCode,
        orderNo: input.orderNo ?? current.orderNo,
        remark: input.remark === undefined ? current.remark : blankToNull(input.remark),
        ...updated(principal),
      });
      return current;
    });
    await forgetConfig(this.ctx, principal.tenantId, [before.code, input.code]);
    this.ctx.audit.diff({
      principal,
      table: 'sysConfig',
      rowId: input.id,
      operation: 'update',
      before,
      after: { ...before, ...input },
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const row = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      configPolicy.assertDeletable(current);
      await this.repo.delete(trx, id);
      return current;
    });
    await forgetConfig(this.ctx, principal.tenantId, [row.code]);
    this.ctx.audit.diff({ principal, table: 'sysConfig', rowId: id, operation: 'delete', before: row });
  }

  /** New values by code, in one transaction: one unknown code or bad value and nothing changes. */
  async batchUpdate(principal: Principal, values: BatchConfigValues): Promise<void> {
    const codes = values.map((v) => v.code);
    if (new Set(codes).size !== codes.length) throw badRequest('config.duplicateInBatch');
    for (const { code, value } of values) configPolicy.assertValue(code, value);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const rows = new Map((await this.repo.byCodes(trx, codes)).map((row) => [row.code, row]));
      const missing = codes.find((code) => !rows.has(code));
      if (missing) throw notFound('config.unknownCode', { code: missing });
      for (const { code, value } of values) {
        await this.repo.update(trx, rows.get(code)!.id, { value, ...updated(principal) });
      }
    });
    await forgetConfig(this.ctx, principal.tenantId, codes);
  }

  /**
   * Admin.NET's sysConfig/sysInfo: the system information of the tenant this host belongs to (the
   * default tenant when none), as sysTenant/sysInfo computes it, and whether the sign-in page hides
   * its tenant choice: when the host names a tenant of its own (not the default tenant's host), or
   * the platform's sys_hide_tenant_login is on.
   */
  async sysInfo(host: string) {
    const matched = await new SysAuthService(this.ctx).tenantIdByHost(
      host.toLowerCase().replace(/:\d+$/, ''),
    );
    const info = await new SysTenantService(this.ctx).sysInfo(matched ?? DEFAULT_TENANT_ID);
    const ownHost = !!matched && matched !== DEFAULT_TENANT_ID;
    return { ...info, hideTenantForLogin: ownHost || (await this.hideTenantForLogin()) };
  }

  /** The platform's sys_hide_tenant_login (True when absent, as seeded). */
  hideTenantForLogin(): Promise<boolean> {
    return configBool(this.ctx, 'sys_hide_tenant_login', true);
  }
}
