import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { NoticeFilter, ReceivedNoticeFilter } from './sys-notice.schema.js';
import type { SysNoticeTable } from './sys-notice.table.js';
import { NoticeStatus } from './notice.policy.js';

export type Notice = Selectable<SysNoticeTable>;
type Sort = { column: string; direction: 'asc' | 'desc' };

/** The most unread notices one `unReadList` answers (the bell shows the newest). */
export const UNREAD_LIST_LIMIT = 100;

export class SysNoticeRepo {
  page(trx: Trx, filter: NoticeFilter, sort: Sort) {
    let query = trx
      .selectFrom('sysNotice as n')
      .selectAll('n')
      .select((eb) => [
        eb
          .selectFrom('sysNoticeUser as r')
          .select(sql<string>`count(*)`.as('c'))
          .whereRef('r.tenantId', '=', 'n.tenantId')
          .whereRef('r.noticeId', '=', 'n.id')
          .as('recipientCount'),
        eb
          .selectFrom('sysNoticeUser as r')
          .select(sql<string>`count(*)`.as('c'))
          .whereRef('r.tenantId', '=', 'n.tenantId')
          .whereRef('r.noticeId', '=', 'n.id')
          .where('r.readStatus', '=', 1)
          .as('readCount'),
      ]);
    if (filter.title) query = query.where('n.title', 'ilike', containsPattern(filter.title));
    if (filter.type !== undefined) query = query.where('n.type', '=', filter.type);
    if (filter.status !== undefined) query = query.where('n.status', '=', filter.status);
    if (filter.startTime) query = query.where('n.createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('n.createTime', '<=', new Date(filter.endTime));
    return paginate(query, filter, sort, 'n.id');
  }

  find(trx: Trx, id: string): Promise<Notice | undefined> {
    return trx.selectFrom('sysNotice').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async counts(trx: Trx, id: string) {
    const row = await trx
      .selectFrom('sysNoticeUser')
      .select([
        sql<string>`count(*)`.as('recipientCount'),
        sql<string>`count(*) filter (where read_status = 1)`.as('readCount'),
      ])
      .where('noticeId', '=', id)
      .executeTakeFirstOrThrow();
    return { recipientCount: Number(row.recipientCount), readCount: Number(row.readCount) };
  }

  async insert(trx: Trx, row: Insertable<SysNoticeTable>): Promise<void> {
    await trx.insertInto('sysNotice').values(row).execute();
  }

  /** Changes a notice only while it is in the state `status` (another request may have published it). */
  async updateIn(trx: Trx, id: string, status: number, patch: Updateable<SysNoticeTable>): Promise<boolean> {
    const result = await trx
      .updateTable('sysNotice')
      .set(patch)
      .where('id', '=', id)
      .where('status', '=', status)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx
      .deleteFrom('sysNotice')
      .where('id', '=', id)
      .where('status', '!=', NoticeStatus.Public)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Writes one read-state row per recipient in one statement, whatever their number: every enabled
   * account of the tenant, the accounts of the organisations and below (main or affiliated
   * organisation), or the named accounts that exist in the tenant. Answers how many were written.
   */
  async addRecipients(trx: Trx, notice: Notice): Promise<number> {
    const ids = (list: string[]) =>
      sql`select (jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))::bigint`;
    let tree = sql``;
    let condition = sql`true`;
    if (notice.receiveType === 'org') {
      tree = sql`with recursive tree(id) as (
          select id from sys_org where id in (${ids(notice.receiveOrgIds)})
          union select o.id from sys_org o join tree t on o.pid = t.id
        ) `;
      condition = sql`(u.org_id in (select id from tree)
        or exists (select 1 from sys_user_ext_org x where x.user_id = u.id and x.org_id in (select id from tree)))`;
    } else if (notice.receiveType === 'user') {
      condition = sql`u.id in (${ids(notice.receiveUserIds)})`;
    }
    const result = await sql`${tree}insert into sys_notice_user (tenant_id, notice_id, user_id)
      select u.tenant_id, ${notice.id}::bigint, u.id from sys_user u
      where u.status = 1 and ${condition}
      on conflict do nothing`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Recipients of a notice with a realtime connection open in the tenant. */
  async onlineRecipients(trx: Trx, noticeId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysOnlineUser as o')
      .innerJoin('sysNoticeUser as r', (join) =>
        join.onRef('r.tenantId', '=', 'o.tenantId').onRef('r.userId', '=', 'o.userId'),
      )
      .select('o.userId')
      .distinct()
      .where('r.noticeId', '=', noticeId)
      .execute();
    return rows.map((r) => r.userId);
  }

  /** The caller's notices: published ones they received, with their read state. */
  private received(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysNoticeUser as r')
      .innerJoin('sysNotice as n', (join) =>
        join.onRef('n.tenantId', '=', 'r.tenantId').onRef('n.id', '=', 'r.noticeId'),
      )
      .where('r.userId', '=', userId)
      .where('n.status', '=', NoticeStatus.Public);
  }

  pageReceived(trx: Trx, userId: string, filter: ReceivedNoticeFilter, sort: Sort) {
    let query = this.received(trx, userId).select([
      'r.noticeId',
      'r.userId',
      'r.readStatus',
      'r.readTime',
      'n.title',
      'n.content',
      'n.type',
      'n.status',
      'n.publicUserName',
      'n.publicOrgName',
      'n.publicTime',
      'n.cancelTime',
    ]);
    if (filter.title) query = query.where('n.title', 'ilike', containsPattern(filter.title));
    if (filter.type !== undefined) query = query.where('n.type', '=', filter.type);
    if (filter.readStatus !== undefined) query = query.where('r.readStatus', '=', filter.readStatus);
    return paginate(query, filter, sort, 'r.noticeId');
  }

  unreadList(trx: Trx, userId: string) {
    return this.received(trx, userId)
      .select([
        'r.noticeId',
        'r.userId',
        'r.readStatus',
        'r.readTime',
        'n.title',
        'n.content',
        'n.type',
        'n.status',
        'n.publicUserName',
        'n.publicOrgName',
        'n.publicTime',
        'n.cancelTime',
      ])
      .where('r.readStatus', '=', 0)
      .orderBy('n.publicTime', 'desc')
      .orderBy('r.noticeId', 'desc')
      .limit(UNREAD_LIST_LIMIT)
      .execute();
  }

  async unreadCount(trx: Trx, userId: string): Promise<number> {
    const row = await this.received(trx, userId)
      .select(sql<string>`count(*)`.as('c'))
      .where('r.readStatus', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.c);
  }

  /** Marks the caller's copies read (all of them when `noticeId` is absent); answers how many changed. */
  async setRead(trx: Trx, userId: string, noticeId?: string): Promise<number> {
    let query = trx
      .updateTable('sysNoticeUser')
      .set({ readStatus: 1, readTime: new Date() })
      .where('userId', '=', userId)
      .where('readStatus', '=', 0);
    if (noticeId) query = query.where('noticeId', '=', noticeId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async isRecipient(trx: Trx, userId: string, noticeId: string): Promise<boolean> {
    return !!(await this.received(trx, userId)
      .select('r.noticeId')
      .where('r.noticeId', '=', noticeId)
      .executeTakeFirst());
  }
}
