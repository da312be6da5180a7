import type { Principal } from '../../platform/auth/principal.js';
import { iso } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { HubEvent, type ReceiveMessagePayload } from '../../platform/realtime/events.js';
import { SysNoticeService } from '../sys-notice/sys-notice.service.js';
import { SysMessageRepo, type Audience } from './sys-message.repo.js';
import type { InboxFilter, MessageContent } from './sys-message.schema.js';

/** How a message was addressed: sysMessage/send{User,Users,AllUser,OtherUser} or the online-user page. */
export type SendKind = 'user' | 'users' | 'all' | 'other' | 'onlineUser';

const INBOX_SORT = { sendTime: 'm.createTime', title: 'm.title', readStatus: 'r.readStatus' };
/** The most unread messages the bell's list answers. */
const UNREAD_LIST_LIMIT = 20;

type InboxRow = {
  id: string;
  title: string;
  message: string;
  messageType: string;
  sendUserId: string | null;
  sendUserName: string | null;
  sendTime: Date;
  readStatus: number;
  readTime: Date | null;
};
const toInbox = (row: InboxRow) => ({
  ...row,
  sendTime: formatIso(row.sendTime),
  readTime: iso(row.readTime),
});

/**
 * Messages between the accounts of a tenant. Each send is kept (the message, one inbox row per
 * recipient, one log entry) in one transaction, then ReceiveMessage goes to the recipients online.
 * Every way of sending (the four Admin.NET routes and the online-user page) comes through `send`.
 */
export class SysMessageService {
  private readonly repo = new SysMessageRepo();
  private readonly notices: SysNoticeService;

  constructor(private readonly ctx: AppContext) {
    this.notices = new SysNoticeService(ctx);
  }

  async send(principal: Principal, kind: SendKind, audience: Audience, content: MessageContent) {
    const id = newId();
    const sendUserName = principal.realName ?? principal.account;
    const createTime = new Date();
    const message = {
      title: content.title.trim(),
      message: content.message.trim(),
      messageType: content.messageType,
    };
    if (!message.title || !message.message) throw badRequest('message.empty');
    const { recipientCount, online } = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = {
        id,
        tenantId: principal.tenantId,
        sendUserId: principal.userId,
        sendUserName,
        createTime,
      };
      await this.repo.insert(trx, { ...row, ...message, sendKind: kind });
      const count = await this.repo.addRecipients(trx, id, audience);
      // Nobody to receive it (unknown or disabled accounts): the transaction is undone.
      if (count === 0) throw notFound('message.noRecipients');
      const reached = await this.repo.onlineRecipients(trx, id);
      await this.repo.insertLog(trx, {
        ...row,
        id: newId(),
        messageId: id,
        ...message,
        sendKind: kind,
        recipientCount: count,
        onlineCount: reached.length,
      });
      return { recipientCount: count, online: reached };
    });
    const payload: ReceiveMessagePayload & { id: string } = {
      id,
      ...message,
      messageType: content.messageType,
      sendUserId: principal.userId,
      sendUserName,
      time: formatIso(createTime),
    };
    this.ctx.realtime.emitToUsers(principal.tenantId, online, HubEvent.ReceiveMessage, payload);
    return { id, recipientCount, onlineCount: online.length };
  }

  pageInbox(principal: Principal, filter: InboxFilter) {
    const sort = resolveSort(filter, INBOX_SORT, { column: 'm.createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.pageInbox(trx, principal.userId, filter, sort);
      return { ...page, items: page.items.map(toInbox) };
    });
  }

  /** One message of the caller's inbox, marked read by being opened. */
  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.findInInbox(trx, principal.userId, id);
      if (!row) throw notFound();
      if (row.readStatus === 0) {
        await this.repo.setRead(trx, principal.userId, id);
        return toInbox({ ...row, readStatus: 1, readTime: new Date() });
      }
      return toInbox(row);
    });
  }

  unreadList(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.unreadList(trx, principal.userId, UNREAD_LIST_LIMIT)).map(toInbox),
    );
  }

  async setRead(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.findInInbox(trx, principal.userId, id))) throw notFound();
      await this.repo.setRead(trx, principal.userId, id);
    });
  }

  setAllRead(principal: Principal): Promise<number> {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.setRead(trx, principal.userId));
  }

  /** The bell's figures: unread notices and unread messages of the caller. */
  async unreadCount(principal: Principal) {
    const messages = await this.ctx.db.tenant(principal.tenantId, (trx) =>
      this.repo.unreadCount(trx, principal.userId),
    );
    return { notices: await this.notices.unreadCount(principal), messages };
  }
}
