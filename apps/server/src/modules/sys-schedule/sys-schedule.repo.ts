import { sql } from 'kysely';
import type { ScheduleItem, ScheduleStatus } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { formatIso } from '../../platform/http/result.js';

/** At most this many entries answer one range query (a month view needs a few dozen). */
export const PAGE_LIMIT = 1000;

export interface ScheduleValues {
  scheduleTime: string;
  startTime: string;
  endTime: string;
  content: string;
  status?: ScheduleStatus;
}

/** The SQL of the personal calendar: every statement is limited to one owner's rows. */
export class SysScheduleRepo {
  private select(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysSchedule')
      .select([
        'id',
        // pg turns `date` into a local-midnight Date; text keeps the calendar day.
        sql<string>`to_char(schedule_time, 'YYYY-MM-DD')`.as('scheduleTime'),
        'startTime',
        'endTime',
        'content',
        'status',
        'createTime',
      ])
      .where('userId', '=', userId);
  }

  private out(row: {
    id: string;
    scheduleTime: string;
    startTime: string;
    endTime: string;
    content: string;
    status: number;
    createTime: Date;
  }): ScheduleItem {
    return { ...row, status: row.status as ScheduleStatus, createTime: formatIso(row.createTime) };
  }

  async list(trx: Trx, userId: string, from?: string, to?: string): Promise<ScheduleItem[]> {
    let query = this.select(trx, userId);
    if (from) query = query.where('scheduleTime', '>=', from);
    if (to) query = query.where('scheduleTime', '<=', to);
    const rows = await query
      .orderBy('scheduleTime')
      .orderBy('startTime')
      .orderBy('id')
      .limit(PAGE_LIMIT)
      .execute();
    return rows.map((row) => this.out(row));
  }

  async find(trx: Trx, userId: string, id: string): Promise<ScheduleItem | undefined> {
    const row = await this.select(trx, userId).where('id', '=', id).executeTakeFirst();
    return row && this.out(row);
  }

  async insert(
    trx: Trx,
    row: ScheduleValues & { id: string; tenantId: string; userId: string; createUserName: string },
  ) {
    await trx
      .insertInto('sysSchedule')
      .values({ ...row, createUserId: row.userId })
      .execute();
  }

  /** Updates one of the owner's entries; false when it has none with this id. */
  async update(trx: Trx, userId: string, id: string, values: Partial<ScheduleValues>): Promise<boolean> {
    const result = await trx
      .updateTable('sysSchedule')
      .set({ ...values, updateTime: new Date(), updateUserId: userId })
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(trx: Trx, userId: string, id: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('sysSchedule')
      .where('id', '=', id)
      .where('userId', '=', userId)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }
}
