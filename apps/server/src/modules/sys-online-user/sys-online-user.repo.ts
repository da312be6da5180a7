import type { Trx } from '../../platform/db/database.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate, type PageRequest } from '../../platform/http/paging.js';
import type { OnlineRow } from '../../platform/realtime/online-store.js';

/** The SQL of the online-user module; rows are written by the realtime hub. */
export class SysOnlineUserRepo {
  page(
    trx: Trx,
    filter: PageRequest & { account?: string; realName?: string },
    sort: { column: string; direction: 'asc' | 'desc' },
  ) {
    let query = trx.selectFrom('sysOnlineUser').selectAll();
    const account = filter.account?.trim();
    const realName = filter.realName?.trim();
    if (account) query = query.where('account', 'ilike', containsPattern(account));
    if (realName) query = query.where('realName', 'ilike', containsPattern(realName));
    return paginate(query, filter, sort, 'connectionId');
  }

  find(trx: Trx, connectionId: string): Promise<OnlineRow | undefined> {
    return trx
      .selectFrom('sysOnlineUser')
      .selectAll()
      .where('connectionId', '=', connectionId)
      .executeTakeFirst();
  }

  async remove(trx: Trx, connectionId: string): Promise<void> {
    await trx.deleteFrom('sysOnlineUser').where('connectionId', '=', connectionId).execute();
  }

  /** The kind of the account behind a connection, read in its own tenant. */
  account(trx: Trx, userId: string) {
    return trx
      .selectFrom('sysUser')
      .select(['id', 'accountType'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  async isOnline(trx: Trx, userId: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sysOnlineUser')
      .select('connectionId')
      .where('userId', '=', userId)
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }
}
