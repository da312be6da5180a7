import { AccountType, type DemoBackEndResult, type DemoFigures } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/errors.js';
import { configValue } from '../sys-config/config-values.js';
import { SysConfigService } from '../sys-config/sys-config.service.js';
import { addDays, dayIn } from '../sys-dashboard/sys-dashboard.service.js';
import { DemoRepo } from './demo.repo.js';

const DAY_MS = 86_400_000;
/** The tenant setting that shows (True) or hides (False) the demo directory; see principal.repo.ts. */
export const DEMO_MENUS_CONFIG = 'sys_demo_menus';

const TYPE_NAMES = new Map<number, string>(
  Object.entries(AccountType).map(([name, value]) => [value, name.charAt(0).toLowerCase() + name.slice(1)]),
);

/** The demo menus' server side: the back-end permission demo, chart figures, and the tenant's switch. */
export class DemoService {
  private readonly repo = new DemoRepo();
  private readonly configs: SysConfigService;

  constructor(private readonly ctx: AppContext) {
    this.configs = new SysConfigService(ctx);
  }

  /** Reached only with demo:backEndPage (the gate refuses the rest): what the server knows of the caller. */
  backEndPage(principal: Principal, now = new Date()): DemoBackEndResult {
    return {
      account: principal.account,
      roles: principal.roleCodes,
      demoCodes: principal.permissions.filter((code) => code.startsWith('demo:')),
      serverTime: now.toISOString(),
    };
  }

  async figures(principal: Principal, tz = 'UTC', now = new Date()): Promise<DemoFigures> {
    const today = dayIn(tz, now);
    if (!today) throw badRequest('dashboard.timeZoneUnknown', { tz });
    const firstDay = addDays(today, -13);
    const tenantId = principal.tenantId;
    const data = await this.ctx.db.tenant(tenantId, async (trx) => ({
      totals: await this.repo.totals(trx, tenantId, new Date(now.getTime() - 30 * DAY_MS)),
      days: await this.repo.signInsByDay(trx, tenantId, tz, firstDay),
      orgs: await this.repo.accountsByOrg(trx, tenantId),
      types: await this.repo.accountsByType(trx, tenantId),
      weekdays: await this.repo.visitsByWeekday(trx, tenantId, tz, new Date(now.getTime() - 28 * DAY_MS)),
    }));
    const byDay = new Map(data.days.map((d) => [d.day, d.count]));
    return {
      totals: data.totals,
      signInsByDay: Array.from({ length: 14 }, (_, i) => {
        const day = addDays(firstDay, i);
        return { day, count: byDay.get(day) ?? 0 };
      }),
      accountsByOrg: data.orgs,
      accountsByType: data.types.map((t) => ({
        name: TYPE_NAMES.get(t.accountType) ?? String(t.accountType),
        count: t.count,
      })),
      visitsByWeekday: Array.from(
        { length: 7 },
        (_, i) => data.weekdays.find((w) => w.dow === i + 1)?.count ?? 0,
      ),
    };
  }

  /** Whether the tenant worked in shows its demo menus (without the item: as its demo mode says). */
  async menusVisible(principal: Principal): Promise<boolean> {
    const value =
      (await configValue(this.ctx, DEMO_MENUS_CONFIG, principal.tenantId)) ??
      (await configValue(this.ctx, 'sys_demo', principal.tenantId));
    // The same reading as the principal's (platform/auth/principal.repo.ts demoMenusShown).
    return (value?.trim().toLowerCase() ?? 'true') === 'true';
  }

  /**
   * Shows or hides the demo directory for every account of the tenant. The item is written through
   * sysConfig (a tenant created before the item existed gets it now); the tenant's epoch then moves,
   * so its accounts' menus and codes are recomputed on their next request.
   */
  async setMenusVisible(principal: Principal, visible: boolean): Promise<void> {
    const value = visible ? 'True' : 'False';
    const exists = (await this.configs.list(principal, { code: DEMO_MENUS_CONFIG })).some(
      (item) => item.code === DEMO_MENUS_CONFIG,
    );
    if (exists) await this.configs.batchUpdate(principal, [{ code: DEMO_MENUS_CONFIG, value }]);
    else
      await this.configs.add(principal, {
        name: '显示演示菜单',
        code: DEMO_MENUS_CONFIG,
        value,
        remark: '关闭后本租户的菜单不再显示功能演示目录',
      });
    await this.ctx.tenants.invalidate(principal.tenantId);
  }
}
