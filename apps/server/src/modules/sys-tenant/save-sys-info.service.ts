import type { Static } from 'typebox';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { SysTenantTable } from '../../platform/db/schema.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import type { Updateable } from 'kysely';
import type { SaveSysInfoBody } from './save-sys-info.schema.js';
import { SysTenantRepo } from './sys-tenant.repo.js';

type Input = Static<typeof SaveSysInfoBody>;

/** Wire names that differ from the column names (Admin.NET's spelling on the wire). */
const COLUMN: Partial<Record<keyof Input, keyof SysTenantTable>> = {
  passwordExpirationTime: 'passwordExpirationDays',
  i18NSwitch: 'i18nSwitch',
};

/** Saves a tenant's branding and session settings; the tenant cache is dropped so sysInfo shows it at once. */
export class SaveSysInfoService {
  private readonly repo = new SysTenantRepo();

  constructor(private readonly ctx: AppContext) {}

  async save(principal: Principal, input: Input): Promise<void> {
    const { tenantId: named, ...fields } = input;
    const tenantId = named ?? principal.tenantId;
    if (tenantId !== principal.tenantId && !principal.isSuperAdmin)
      throw forbidden('personal.otherTenantSysInfo');
    const values: Updateable<SysTenantTable> = {};
    for (const [key, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      const column = COLUMN[key as keyof Input] ?? (key as keyof SysTenantTable);
      (values as Record<string, unknown>)[column] =
        typeof value === 'string' && value.trim() === '' && key !== 'title' ? null : value;
    }
    const saved = await this.repo.saveSettings(this.ctx.db.global, tenantId, {
      ...values,
      updateTime: new Date(),
      updateUserId: principal.userId,
      updateUserName: (principal.realName || principal.account).slice(0, 64),
    });
    if (!saved) throw notFound('tenant.notFound');
    await this.ctx.tenants.invalidate(tenantId);
  }
}
