import type { DashboardFigures } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { badRequest } from '../../platform/http/errors.js';
import { SysDashboardRepo } from './sys-dashboard.repo.js';

const DAY_MS = 86_400_000;

/** The calendar day of `now` in the time zone `tz`, YYYY-MM-DD; undefined for an unknown zone. */
export function dayIn(tz: string, now: Date): string | undefined {
  try {
    // en-CA writes dates as YYYY-MM-DD.
    return new Intl.DateTimeFormat('en-CA', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(now);
  } catch {
    return undefined;
  }
}

/** `day` moved by `days` calendar days. */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Monday to Sunday of the week holding `day`, and the first and last day of its month. */
export function weekAndMonth(day: string) {
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday = 0
  const weekStart = addDays(day, -weekday);
  const monthStart = `${day.slice(0, 8)}01`;
  const nextMonth = new Date(`${monthStart}T00:00:00Z`);
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  return {
    weekStart,
    weekEnd: addDays(weekStart, 6),
    monthStart,
    monthEnd: addDays(nextMonth.toISOString().slice(0, 10), -1),
  };
}

/**
 * The dashboard's "real-time" figures and progress, from what the product records: realtime
 * connections, accounts, the visit log, stored files, job runs and the caller's schedule.
 */
export class SysDashboardService {
  private readonly repo = new SysDashboardRepo();

  constructor(private readonly ctx: AppContext) {}

  async figures(principal: Principal, tz = 'UTC', now = new Date()): Promise<DashboardFigures> {
    const today = dayIn(tz, now);
    if (!today) throw badRequest('dashboard.timeZoneUnknown', { tz });
    const firstDay = addDays(today, -6);
    const { weekStart, weekEnd, monthStart, monthEnd } = weekAndMonth(today);
    const tenantId = principal.tenantId;

    const figures = await this.ctx.db.tenant(tenantId, async (trx) => {
      const signIns = await this.repo.signIns(trx, tenantId, tz, firstDay);
      const week = await this.repo.schedule(trx, principal.userId, weekStart, weekEnd);
      const month = await this.repo.schedule(trx, principal.userId, monthStart, monthEnd);
      return {
        onlineUsers: await this.repo.onlineUsers(trx, tenantId),
        accounts: await this.repo.enabledAccounts(trx, tenantId),
        signIns,
        files: await this.repo.files(trx, tenantId),
        schedule: {
          weekDone: week.done,
          weekTotal: week.total,
          monthDone: month.done,
          monthTotal: month.total,
        },
      };
    });
    const jobs = principal.isSuperAdmin ? await this.ctx.db.platform((trx) => this.repo.jobRuns(trx)) : null;

    const byDay = new Map(figures.signIns.days.map((d) => [d.day, d.count]));
    const signInsByDay = Array.from({ length: 7 }, (_, i) => {
      const day = addDays(firstDay, i);
      return { day, count: byDay.get(day) ?? 0 };
    });
    return {
      onlineUsers: figures.onlineUsers,
      accounts: figures.accounts,
      signInsToday: byDay.get(today) ?? 0,
      activeUsers7d: figures.signIns.accounts,
      signInsByDay,
      files: figures.files,
      jobs,
      schedule: figures.schedule,
    };
  }
}
