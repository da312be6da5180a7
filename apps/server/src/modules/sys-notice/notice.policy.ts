import type { Principal } from '../../platform/auth/principal.js';
import { badRequest, forbidden } from '../../platform/http/errors.js';

/** Notice states (Admin.NET NoticeStatusEnum). */
export const NoticeStatus = { Draft: 0, Public: 1, Cancel: 2 } as const;

interface NoticeState {
  status: number;
  createUserId: string | null;
}

/**
 * What may happen to a notice. A draft is edited, published or deleted; publication is final (the
 * recipients have it), so a published notice is only cancelled; a cancelled one may be deleted.
 * Publishing and cancelling speak in the publisher's name: the author does it, or the tenant's
 * administrator (Admin.NET lets only the author publish).
 */
export const noticePolicy = {
  assertEditable(notice: NoticeState): void {
    if (notice.status !== NoticeStatus.Draft) throw badRequest('notice.notDraft');
  },

  assertDeletable(notice: NoticeState): void {
    if (notice.status === NoticeStatus.Public) throw badRequest('notice.deletePublished');
  },

  assertMayPublish(principal: Principal, notice: NoticeState): void {
    if (notice.status !== NoticeStatus.Draft) throw badRequest('notice.notDraft');
    assertAuthorOrAdmin(principal, notice);
  },

  assertMayCancel(principal: Principal, notice: NoticeState): void {
    if (notice.status !== NoticeStatus.Public) throw badRequest('notice.notPublished');
    assertAuthorOrAdmin(principal, notice);
  },

  /** Recipients must be named when the notice goes to organisations or accounts. */
  assertRecipients(input: {
    receiveType?: string;
    receiveOrgIds?: string[];
    receiveUserIds?: string[];
  }): void {
    if (input.receiveType === 'org' && !input.receiveOrgIds?.length) throw badRequest('notice.noOrgs');
    if (input.receiveType === 'user' && !input.receiveUserIds?.length) throw badRequest('notice.noUsers');
  },
};

function assertAuthorOrAdmin(principal: Principal, notice: NoticeState): void {
  if (principal.isSuperAdmin || principal.isSysAdmin) return;
  if (notice.createUserId !== principal.userId) throw forbidden('notice.notAuthor');
}
