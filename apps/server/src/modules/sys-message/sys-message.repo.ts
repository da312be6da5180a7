import type { Insertable, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate } from '../../platform/http/paging.js';
import type { InboxFilter, MsgLogFilter } from './sys-message.schema.js';
import type { SysLogMsgTable, SysMessageTable } from './sys-message.table.js';

type Sort = { column: string; direction: 'asc' | 'desc' };
export type MsgLog = Selectable<SysLogMsgTable>;

/** Who a message goes to: named accounts, or every enabled account but the ones left out. */
export type Audience = { userIds: string[] } | { allBut: string[] };

const idList = (list: string[]) =>
  sql`select (jsonb_array_elements_text(${JSON.stringify(list)}::jsonb))::bigint`;

export class SysMessageRepo {
  async insert(trx: Trx, row: Insertable<SysMessageTable>): Promise<void> {
    await trx.insertInto('sysMessage').values(row).execute();
  }

  /** One inbox row per enabled recipient in the tenant, in one statement; answers how many. */
  async addRecipients(trx: Trx, messageId: string, audience: Audience): Promise<number> {
    const condition =
      'userIds' in audience
        ? sql`u.id in (${idList(audience.userIds)})`
        : sql`u.id not in (${idList(audience.allBut)})`;
    const result = await sql`insert into sys_message_user (tenant_id, message_id, user_id)
      select u.tenant_id, ${messageId}::bigint, u.id from sys_user u
      where u.status = 1 and ${condition}
      on conflict do nothing`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  }

  /** Recipients of a message with a realtime connection open in the tenant. */
  async onlineRecipients(trx: Trx, messageId: string): Promise<string[]> {
    const rows = await trx
      .selectFrom('sysOnlineUser as o')
      .innerJoin('sysMessageUser as r', (join) =>
        join.onRef('r.tenantId', '=', 'o.tenantId').onRef('r.userId', '=', 'o.userId'),
      )
      .select('o.userId')
      .distinct()
      .where('r.messageId', '=', messageId)
      .execute();
    return rows.map((r) => r.userId);
  }

  async insertLog(trx: Trx, row: Insertable<SysLogMsgTable>): Promise<void> {
    await trx.insertInto('sysLogMsg').values(row).execute();
  }

  private inbox(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysMessageUser as r')
      .innerJoin('sysMessage as m', (join) =>
        join.onRef('m.tenantId', '=', 'r.tenantId').onRef('m.id', '=', 'r.messageId'),
      )
      .select([
        'm.id',
        'm.title',
        'm.message',
        'm.messageType',
        'm.sendUserId',
        'm.sendUserName',
        'm.createTime as sendTime',
        'r.readStatus',
        'r.readTime',
      ])
      .where('r.userId', '=', userId);
  }

  pageInbox(trx: Trx, userId: string, filter: InboxFilter, sort: Sort) {
    let query = this.inbox(trx, userId);
    if (filter.title) query = query.where('m.title', 'ilike', containsPattern(filter.title));
    if (filter.readStatus !== undefined) query = query.where('r.readStatus', '=', filter.readStatus);
    return paginate(query, filter, sort, 'm.id');
  }

  findInInbox(trx: Trx, userId: string, messageId: string) {
    return this.inbox(trx, userId).where('m.id', '=', messageId).executeTakeFirst();
  }

  unreadList(trx: Trx, userId: string, limit: number) {
    return this.inbox(trx, userId)
      .where('r.readStatus', '=', 0)
      .orderBy('m.id', 'desc')
      .limit(limit)
      .execute();
  }

  async unreadCount(trx: Trx, userId: string): Promise<number> {
    const row = await trx
      .selectFrom('sysMessageUser')
      .select(sql<string>`count(*)`.as('c'))
      .where('userId', '=', userId)
      .where('readStatus', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.c);
  }

  /** Marks the caller's inbox rows read (all when `messageId` is absent); answers how many changed. */
  async setRead(trx: Trx, userId: string, messageId?: string): Promise<number> {
    let query = trx
      .updateTable('sysMessageUser')
      .set({ readStatus: 1, readTime: new Date() })
      .where('userId', '=', userId)
      .where('readStatus', '=', 0);
    if (messageId) query = query.where('messageId', '=', messageId);
    return Number((await query.executeTakeFirst()).numUpdatedRows);
  }

  logQuery(trx: Trx, filter: MsgLogFilter) {
    let query = trx.selectFrom('sysLogMsg').selectAll();
    if (filter.title) query = query.where('title', 'ilike', containsPattern(filter.title));
    if (filter.sendUserName)
      query = query.where('sendUserName', 'ilike', containsPattern(filter.sendUserName));
    if (filter.messageType) query = query.where('messageType', '=', filter.messageType);
    if (filter.startTime) query = query.where('createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('createTime', '<=', new Date(filter.endTime));
    return query;
  }

  pageLog(trx: Trx, filter: MsgLogFilter, sort: Sort) {
    return paginate(this.logQuery(trx, filter), filter, sort);
  }

  findLog(trx: Trx, id: string): Promise<MsgLog | undefined> {
    return trx.selectFrom('sysLogMsg').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async clearLog(trx: Trx, tenantId: string): Promise<number> {
    const result = await trx.deleteFrom('sysLogMsg').where('tenantId', '=', tenantId).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
