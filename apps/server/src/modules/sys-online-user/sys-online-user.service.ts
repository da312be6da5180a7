import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { forbidden, notFound } from '../../platform/http/errors.js';
import { assertMayManageAccount } from '../../platform/permission/account-policy.js';
import { resolveSort } from '../../platform/http/paging.js';
import { toEntry } from '../../platform/realtime/online-store.js';
import { SysMessageService } from '../sys-message/sys-message.service.js';
import { SysOnlineUserRepo } from './sys-online-user.repo.js';
import type { OnlineUserFilter, SendMessageInput } from './sys-online-user.schema.js';

const SORT = { time: 'time', account: 'account', realName: 'realName', ip: 'ip' };

/** Online users: the list, forcing a session offline, and messages to an online account. */
export class SysOnlineUserService {
  private readonly repo = new SysOnlineUserRepo();
  private readonly messages: SysMessageService;

  constructor(private readonly ctx: AppContext) {
    this.messages = new SysMessageService(ctx);
  }

  page(principal: Principal, input: OnlineUserFilter) {
    const tenantId = input.tenantId ?? principal.tenantId;
    if (tenantId !== principal.tenantId && !principal.isSuperAdmin) throw forbidden('online.otherTenant');
    const sort = resolveSort(input, SORT, { column: 'time', direction: 'desc' });
    return this.ctx.db.tenant(tenantId, async (trx) => {
      const page = await this.repo.page(trx, input, sort);
      return { ...page, items: page.items.map(toEntry) };
    });
  }

  /**
   * Ends the session behind a connection: its token family is revoked (its next request is refused),
   * and the revocation sends ForceOffline to its pages and disconnects them, on every process.
   */
  async forceOffline(principal: Principal, connectionId: string): Promise<void> {
    const lookup = principal.isSuperAdmin
      ? this.ctx.db.platform((trx) => this.repo.find(trx, connectionId))
      : this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.find(trx, connectionId));
    let row = await lookup;
    // Tenants with a database of their own keep their online rows there.
    const own = principal.isSuperAdmin ? this.ctx.db.tenantDatabases : undefined;
    for (const tenantId of row ? [] : (own?.ownTenantIds() ?? [])) {
      const db = await own!.get(tenantId).catch(() => undefined);
      row = await db?.platform((trx) => this.repo.find(trx, connectionId));
      if (row) break;
    }
    if (!row) throw notFound('online.connectionNotFound');
    const { homeTenantId, userId } = row;
    const account = await this.ctx.db.tenant(homeTenantId, (trx) => this.repo.account(trx, userId));
    assertMayManageAccount(principal, account ?? { id: userId, accountType: 0 }, 'forceOffline');
    await this.ctx.sessions.revokeFamily(row.homeTenantId, row.userId, row.tokenFamily, 'forceOffline');
    // The hub deletes it too when the socket closes; a row of a process that died goes here.
    await this.ctx.db.tenant(row.tenantId, (trx) => this.repo.remove(trx, connectionId));
  }

  /** ReceiveMessage to the pages the account has open in the caller's tenant. */
  async sendMessage(principal: Principal, input: SendMessageInput): Promise<void> {
    const online = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.isOnline(trx, input.userId),
    );
    if (!online) throw notFound('online.userOffline');
    // The one way messages are sent: kept in the inbox and the message log, pushed live.
    await this.messages.send(principal, 'onlineUser', { userIds: [input.userId] }, input);
  }
}
