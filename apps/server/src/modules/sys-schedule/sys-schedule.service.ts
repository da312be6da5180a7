import type { ScheduleItem, ScheduleStatus } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { SysScheduleRepo, type ScheduleValues } from './sys-schedule.repo.js';

/** Whether a YYYY-MM-DD string names a real calendar day (the pattern lets 2026-02-31 through). */
export function isCalendarDay(day: string): boolean {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

function checkEntry(values: ScheduleValues) {
  if (!isCalendarDay(values.scheduleTime)) throw badRequest('personal.scheduleDayInvalid');
  if (values.endTime <= values.startTime) throw badRequest('personal.scheduleEndBeforeStart');
  if (values.content.trim() === '') throw badRequest('personal.scheduleContentRequired');
}

/**
 * The personal calendar. Entries belong to the signed-in account: every read and write names its
 * user id in its own tenant, so another account's id answers not-found like a missing one.
 */
export class SysScheduleService {
  private readonly repo = new SysScheduleRepo();

  constructor(private readonly ctx: AppContext) {}

  private run<T>(principal: Principal, fn: (trx: Trx) => Promise<T>) {
    return this.ctx.db.tenant(principal.homeTenantId, fn);
  }

  list(principal: Principal, from?: string, to?: string): Promise<ScheduleItem[]> {
    if (from && to && to < from) throw badRequest('personal.scheduleRangeInvalid');
    return this.run(principal, (trx) => this.repo.list(trx, principal.userId, from, to));
  }

  async detail(principal: Principal, id: string): Promise<ScheduleItem> {
    const item = await this.run(principal, (trx) => this.repo.find(trx, principal.userId, id));
    if (!item) throw notFound('personal.scheduleNotFound');
    return item;
  }

  async add(principal: Principal, values: ScheduleValues): Promise<string> {
    checkEntry(values);
    const id = newId();
    await this.run(principal, (trx) =>
      this.repo.insert(trx, {
        ...values,
        content: values.content.trim(),
        id,
        tenantId: principal.homeTenantId,
        userId: principal.userId,
        createUserName: (principal.realName || principal.account).slice(0, 64),
      }),
    );
    return id;
  }

  async update(principal: Principal, id: string, values: ScheduleValues): Promise<void> {
    checkEntry(values);
    const done = await this.run(principal, (trx) =>
      this.repo.update(trx, principal.userId, id, { ...values, content: values.content.trim() }),
    );
    if (!done) throw notFound('personal.scheduleNotFound');
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const done = await this.run(principal, (trx) => this.repo.delete(trx, principal.userId, id));
    if (!done) throw notFound('personal.scheduleNotFound');
  }

  async setStatus(principal: Principal, id: string, status: ScheduleStatus): Promise<void> {
    const done = await this.run(principal, (trx) => this.repo.update(trx, principal.userId, id, { status }));
    if (!done) throw notFound('personal.scheduleNotFound');
  }
}
