import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';

const count = sql<string>`count(*)`;

/** The SQL of the dashboard figures: counts only, each limited to one tenant (or one account). */
export class SysDashboardRepo {
  async onlineUsers(trx: Trx, tenantId: string): Promise<number> {
    const row = await trx
      .selectFrom('sysOnlineUser')
      .select(sql<string>`count(distinct user_id)`.as('n'))
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async enabledAccounts(trx: Trx, tenantId: string): Promise<number> {
    const row = await trx
      .selectFrom('sysUser')
      .select(count.as('n'))
      .where('tenantId', '=', tenantId)
      .where('status', '=', 1)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Successful sign-ins per local day of `tz` from the start of `firstDay` there, and the number of
   * accounts among them. Days without sign-ins are absent.
   */
  async signIns(trx: Trx, tenantId: string, tz: string, firstDay: string) {
    const since = sql<Date>`(${firstDay}::date)::timestamp at time zone ${tz}`;
    const base = trx
      .selectFrom('sysLogVis')
      .where('tenantId', '=', tenantId)
      .where('actionName', '=', 'login')
      .where('success', '=', true)
      .where('createTime', '>=', since);
    const days = await base
      .select([
        sql<string>`to_char((create_time at time zone ${tz})::date, 'YYYY-MM-DD')`.as('day'),
        count.as('n'),
      ])
      .groupBy(sql`1`)
      .execute();
    const accounts = await base
      .select(sql<string>`count(distinct user_id)`.as('n'))
      .executeTakeFirstOrThrow();
    return { days: days.map((d) => ({ day: d.day, count: Number(d.n) })), accounts: Number(accounts.n) };
  }

  async files(trx: Trx, tenantId: string): Promise<{ count: number; bytes: number }> {
    const row = await trx
      .selectFrom('sysFile')
      .select([count.as('n'), sql<string>`coalesce(sum(size_bytes), 0)`.as('bytes')])
      .where('tenantId', '=', tenantId)
      .executeTakeFirstOrThrow();
    return { count: Number(row.n), bytes: Number(row.bytes) };
  }

  /** An account's schedule entries between two days (inclusive): done and all. */
  async schedule(trx: Trx, userId: string, from: string, to: string) {
    const row = await trx
      .selectFrom('sysSchedule')
      .select([sql<string>`count(*) filter (where status = 1)`.as('done'), count.as('total')])
      .where('userId', '=', userId)
      .where(sql<boolean>`schedule_time between ${from}::date and ${to}::date`)
      .executeTakeFirstOrThrow();
    return { done: Number(row.done), total: Number(row.total) };
  }

  /** Job runs that finished in the last 24 hours, by outcome (platform-wide). */
  async jobRuns(trx: Trx): Promise<{ succeeded: number; failed: number }> {
    const rows = await trx
      .selectFrom('sysJobTriggerRecord')
      .select(['status', count.as('n')])
      .where('finishedAt', '>=', sql<Date>`now() - interval '24 hours'`)
      .where('status', 'in', ['succeeded', 'failed'])
      .groupBy('status')
      .execute();
    const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
    return { succeeded: of('succeeded'), failed: of('failed') };
  }
}
