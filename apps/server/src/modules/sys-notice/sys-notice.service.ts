import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { HubEvent } from '../../platform/realtime/events.js';
import { hasVisibleContent, sanitizeNoticeHtml } from './notice-html.js';
import { noticePolicy, NoticeStatus } from './notice.policy.js';
import { SysNoticeRepo, type Notice } from './sys-notice.repo.js';
import type {
  NoticeFilter,
  NoticeInput,
  NoticeUpdate,
  PublicNoticePayload,
  ReceivedNoticeFilter,
} from './sys-notice.schema.js';

const SORT = { createTime: 'n.createTime', publicTime: 'n.publicTime', title: 'n.title', status: 'n.status' };
const RECEIVED_SORT = { publicTime: 'n.publicTime', title: 'n.title', readStatus: 'r.readStatus' };

const toOutput = (row: Notice, counts: { recipientCount: number | string; readCount: number | string }) => ({
  id: row.id,
  title: row.title,
  content: row.content,
  type: row.type,
  status: row.status,
  receiveType: row.receiveType,
  receiveOrgIds: row.receiveOrgIds,
  receiveUserIds: row.receiveUserIds,
  publicUserId: row.publicUserId,
  publicUserName: row.publicUserName,
  publicOrgId: row.publicOrgId,
  publicOrgName: row.publicOrgName,
  publicTime: iso(row.publicTime),
  cancelTime: iso(row.cancelTime),
  recipientCount: Number(counts.recipientCount),
  readCount: Number(counts.readCount),
  createUserId: row.createUserId,
  createUserName: row.createUserName,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

type ReceivedRow = Pick<
  Notice,
  'title' | 'content' | 'type' | 'status' | 'publicUserName' | 'publicOrgName'
> & {
  noticeId: string;
  userId: string;
  readStatus: number;
  readTime: Date | null;
  publicTime: Date | null;
  cancelTime: Date | null;
};
const toReceived = (row: ReceivedRow) => ({
  ...row,
  publicTime: iso(row.publicTime),
  cancelTime: iso(row.cancelTime),
  readTime: iso(row.readTime),
});

/**
 * Notices and announcements of the working tenant: drafts are written and edited (content sanitised
 * here, whatever the client did), published once to their recipients (one read-state row each, in
 * one statement) with PublicNotice pushed to those online, and cancelled. Recipients read them.
 */
export class SysNoticeService {
  private readonly repo = new SysNoticeRepo();

  constructor(private readonly ctx: AppContext) {}

  page(principal: Principal, filter: NoticeFilter) {
    const sort = resolveSort(filter, SORT, { column: 'n.createTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map((row) => toOutput(row, row as never)) };
    });
  }

  detail(principal: Principal, id: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const row = await this.repo.find(trx, id);
      if (!row) throw notFound();
      return toOutput(row, await this.repo.counts(trx, id));
    });
  }

  add(principal: Principal, input: NoticeInput): Promise<string> {
    const id = newId();
    const fields = this.fields(input);
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.repo.insert(trx, { id, tenantId: principal.tenantId, ...fields, ...created(principal) });
      return id;
    });
  }

  async update(principal: Principal, input: NoticeUpdate): Promise<void> {
    const fields = this.fields(input);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, input.id);
      if (!current) throw notFound();
      noticePolicy.assertEditable(current);
      const changed = await this.repo.updateIn(trx, input.id, NoticeStatus.Draft, {
        ...fields,
        ...updated(principal),
      });
      if (!changed) throw badRequest('notice.notDraft');
    });
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      noticePolicy.assertDeletable(current);
      if (!(await this.repo.delete(trx, id))) throw badRequest('notice.deletePublished');
    });
  }

  /**
   * Publishes a draft, for good: its recipients are written in one statement, then PublicNotice goes
   * to the ones online (after the commit, so a page that reloads its count finds the row).
   */
  async publish(principal: Principal, id: string): Promise<{ recipientCount: number }> {
    const publicTime = new Date();
    const { notice, recipientCount, online } = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      noticePolicy.assertMayPublish(principal, current);
      const stamp = {
        status: NoticeStatus.Public,
        publicUserId: principal.userId,
        publicUserName: principal.realName ?? principal.account,
        publicOrgId: principal.orgId,
        publicOrgName: principal.orgName,
        publicTime,
      };
      if (!(await this.repo.updateIn(trx, id, NoticeStatus.Draft, stamp)))
        throw badRequest('notice.notDraft');
      const count = await this.repo.addRecipients(trx, current);
      return {
        notice: { ...current, ...stamp },
        recipientCount: count,
        online: await this.repo.onlineRecipients(trx, id),
      };
    });
    const payload: PublicNoticePayload = {
      id: notice.id,
      title: notice.title,
      type: notice.type,
      publicUserName: notice.publicUserName,
      publicTime: formatIso(publicTime),
    };
    this.ctx.realtime.emitToUsers(principal.tenantId, online, HubEvent.PublicNotice, payload);
    return { recipientCount };
  }

  async cancel(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.repo.find(trx, id);
      if (!current) throw notFound();
      noticePolicy.assertMayCancel(principal, current);
      const changed = await this.repo.updateIn(trx, id, NoticeStatus.Public, {
        status: NoticeStatus.Cancel,
        cancelTime: new Date(),
        ...updated(principal),
      });
      if (!changed) throw badRequest('notice.notPublished');
    });
  }

  pageReceived(principal: Principal, filter: ReceivedNoticeFilter) {
    const sort = resolveSort(filter, RECEIVED_SORT, { column: 'n.publicTime', direction: 'desc' });
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const page = await this.repo.pageReceived(trx, principal.userId, filter, sort);
      return { ...page, items: page.items.map(toReceived) };
    });
  }

  unreadList(principal: Principal) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) =>
      (await this.repo.unreadList(trx, principal.userId)).map(toReceived),
    );
  }

  unreadCount(principal: Principal): Promise<number> {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.unreadCount(trx, principal.userId));
  }

  /** Marks one received notice read; a notice the caller did not receive is not found. */
  async setRead(principal: Principal, noticeId: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      if (!(await this.repo.isRecipient(trx, principal.userId, noticeId))) throw notFound();
      await this.repo.setRead(trx, principal.userId, noticeId);
    });
  }

  setAllRead(principal: Principal): Promise<number> {
    return this.ctx.db.tenant(principal.tenantId, (trx) => this.repo.setRead(trx, principal.userId));
  }

  /** The stored fields of a draft: content sanitised, recipients only where the kind uses them. */
  private fields(input: NoticeInput) {
    if (!input.title.trim()) throw badRequest('notice.emptyTitle');
    const content = sanitizeNoticeHtml(input.content);
    if (!hasVisibleContent(content)) throw badRequest('notice.emptyContent');
    const receiveType = input.receiveType ?? 'all';
    noticePolicy.assertRecipients({ ...input, receiveType });
    return {
      title: input.title.trim(),
      content,
      type: input.type,
      receiveType,
      receiveOrgIds: JSON.stringify(receiveType === 'org' ? input.receiveOrgIds : []),
      receiveUserIds: JSON.stringify(receiveType === 'user' ? input.receiveUserIds : []),
    };
  }
}
