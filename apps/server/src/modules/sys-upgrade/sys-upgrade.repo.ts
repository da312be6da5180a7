import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { UpgradeFilter } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { SysUpgradeTable } from './sys-upgrade.table.js';

export type UpgradeRecord = Selectable<SysUpgradeTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The SQL of release notes and their read state (platform tables). */
export class SysUpgradeRepo {
  page(trx: Trx, filter: UpgradeFilter, sort: Sort) {
    let query = trx.selectFrom('sysUpgrade').selectAll();
    if (filter.version) query = query.where('version', 'ilike', containsPattern(filter.version));
    if (filter.title) query = query.where('title', 'ilike', containsPattern(filter.title));
    return paginate(query, filter, sort);
  }

  find(trx: Trx, id: string): Promise<UpgradeRecord | undefined> {
    return trx.selectFrom('sysUpgrade').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insert(trx: Trx, row: Insertable<SysUpgradeTable>): Promise<void> {
    await trx.insertInto('sysUpgrade').values(row).execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysUpgradeTable>): Promise<void> {
    await trx.updateTable('sysUpgrade').set(patch).where('id', '=', id).execute();
  }

  async delete(trx: Trx, id: string): Promise<void> {
    await trx.deleteFrom('sysUpgrade').where('id', '=', id).execute();
  }

  /**
   * Published notes (status 1, publish time reached), newest first, with whether `userId` read them.
   * `unreadSince`: only unread notes published at or after that time (an account is not told of
   * releases from before it existed).
   */
  published(trx: Trx, userId: string, limit: number, unreadSince?: Date) {
    let query = trx
      .selectFrom('sysUpgrade as n')
      .select(['n.id', 'n.version', 'n.title', 'n.content', 'n.publishTime'])
      .select(
        sql<boolean>`exists (select 1 from sys_upgrade_read r where r.upgrade_id = n.id and r.user_id = ${userId})`.as(
          'read',
        ),
      )
      .where('n.status', '=', 1)
      .where('n.publishTime', '<=', sql<Date>`now()`);
    if (unreadSince) {
      query = query.where('n.publishTime', '>=', unreadSince)
        .where(sql<boolean>`not exists (select 1 from sys_upgrade_read r where r.upgrade_id = n.id
          and r.user_id = ${userId})`);
    }
    return query.orderBy('n.publishTime', 'desc').orderBy('n.id', 'desc').limit(limit).execute();
  }

  /** Marks notes read by an account (already read ones stay as they were). */
  async markRead(trx: Trx, userId: string, ids: string[]): Promise<void> {
    const existing = await trx.selectFrom('sysUpgrade').select('id').where('id', 'in', ids).execute();
    if (!existing.length) return;
    await trx
      .insertInto('sysUpgradeRead')
      .values(existing.map((row) => ({ upgradeId: row.id, userId })))
      .onConflict((oc) => oc.columns(['userId', 'upgradeId']).doNothing())
      .execute();
  }

  /** When an account was created (its own tenant's table). */
  async accountCreated(trx: Trx, userId: string): Promise<Date | undefined> {
    const row = await trx
      .selectFrom('sysUser')
      .select('createTime')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.createTime;
  }
}
