import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';

const count = sql<string>`count(*)`;

/**
 * The SQL of the chart and data-screen demos: counts over the tenant's own rows (accounts,
 * organisations, roles, notices, files, the visit log). Row-level security keeps them to the tenant
 * of the transaction; the explicit tenant filter says so in the query too.
 */
export class DemoRepo {
  async totals(trx: Trx, tenantId: string, since30d: Date) {
    const one = async (query: Promise<{ n: string } | undefined>) => Number((await query)?.n ?? 0);
    return {
      accounts: await one(
        trx
          .selectFrom('sysUser')
          .select(count.as('n'))
          .where('tenantId', '=', tenantId)
          .where('status', '=', 1)
          .executeTakeFirst(),
      ),
      orgs: await one(
        trx.selectFrom('sysOrg').select(count.as('n')).where('tenantId', '=', tenantId).executeTakeFirst(),
      ),
      roles: await one(
        trx.selectFrom('sysRole').select(count.as('n')).where('tenantId', '=', tenantId).executeTakeFirst(),
      ),
      notices: await one(
        trx
          .selectFrom('sysNotice')
          .select(count.as('n'))
          .where('tenantId', '=', tenantId)
          .where('publicTime', 'is not', null)
          .where('cancelTime', 'is', null)
          .executeTakeFirst(),
      ),
      files: await one(
        trx.selectFrom('sysFile').select(count.as('n')).where('tenantId', '=', tenantId).executeTakeFirst(),
      ),
      signIns30d: await one(
        trx
          .selectFrom('sysLogVis')
          .select(count.as('n'))
          .where('tenantId', '=', tenantId)
          .where('actionName', '=', 'login')
          .where('success', '=', true)
          .where('createTime', '>=', since30d)
          .executeTakeFirst(),
      ),
    };
  }

  /** Successful sign-ins per local day of `tz` from the start of `firstDay` there (days with any). */
  async signInsByDay(trx: Trx, tenantId: string, tz: string, firstDay: string) {
    const rows = await trx
      .selectFrom('sysLogVis')
      .select([
        sql<string>`to_char((create_time at time zone ${tz})::date, 'YYYY-MM-DD')`.as('day'),
        count.as('n'),
      ])
      .where('tenantId', '=', tenantId)
      .where('actionName', '=', 'login')
      .where('success', '=', true)
      .where('createTime', '>=', sql<Date>`(${firstDay}::date)::timestamp at time zone ${tz}`)
      .groupBy(sql`1`)
      .execute();
    return rows.map((r) => ({ day: r.day, count: Number(r.n) }));
  }

  /** Enabled accounts per organisation, the ten largest. */
  async accountsByOrg(trx: Trx, tenantId: string) {
    const rows = await trx
      .selectFrom('sysUser as u')
      .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
      .select(['o.name', count.as('n')])
      .where('u.tenantId', '=', tenantId)
      .where('u.status', '=', 1)
      .groupBy('o.name')
      .orderBy(sql`count(*)`, 'desc')
      .orderBy('o.name')
      .limit(10)
      .execute();
    return rows.map((r) => ({ name: r.name, count: Number(r.n) }));
  }

  /** Enabled accounts per account type. */
  async accountsByType(trx: Trx, tenantId: string) {
    const rows = await trx
      .selectFrom('sysUser')
      .select(['accountType', count.as('n')])
      .where('tenantId', '=', tenantId)
      .where('status', '=', 1)
      .groupBy('accountType')
      .orderBy('accountType', 'desc')
      .execute();
    return rows.map((r) => ({ accountType: r.accountType, count: Number(r.n) }));
  }

  /** Visit-log entries since `since` per ISO weekday of `tz` (1 Monday .. 7 Sunday). */
  async visitsByWeekday(trx: Trx, tenantId: string, tz: string, since: Date) {
    const rows = await trx
      .selectFrom('sysLogVis')
      .select([
        sql<number>`extract(isodow from create_time at time zone ${tz})::int`.as('dow'),
        count.as('n'),
      ])
      .where('tenantId', '=', tenantId)
      .where('createTime', '>=', since)
      .groupBy(sql`1`)
      .execute();
    return rows.map((r) => ({ dow: Number(r.dow), count: Number(r.n) }));
  }
}
