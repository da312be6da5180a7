import { describe, expect, it } from 'vitest';
import type { Principal } from '../../platform/auth/principal.js';
import { refusal } from '../../../test/refusal.js';
import { noticePolicy, NoticeStatus } from './notice.policy.js';

const person = (userId: string, admin = false) =>
  ({ userId, isSuperAdmin: false, isSysAdmin: admin }) as Principal;
const draft = { status: NoticeStatus.Draft, createUserId: '7' };
const published = { status: NoticeStatus.Public, createUserId: '7' };
const cancelled = { status: NoticeStatus.Cancel, createUserId: '7' };

describe('notice policy', () => {
  it('edits drafts only', () => {
    expect(refusal(() => noticePolicy.assertEditable(draft))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertEditable(published))).toBe('notice.notDraft');
    expect(refusal(() => noticePolicy.assertEditable(cancelled))).toBe('notice.notDraft');
  });

  it('deletes drafts and cancelled notices, never a published one', () => {
    expect(refusal(() => noticePolicy.assertDeletable(draft))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertDeletable(cancelled))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertDeletable(published))).toBe('notice.deletePublished');
  });

  it('lets the author or an administrator publish a draft, once', () => {
    expect(refusal(() => noticePolicy.assertMayPublish(person('7'), draft))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertMayPublish(person('8', true), draft))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertMayPublish(person('8'), draft))).toBe('notice.notAuthor');
    expect(refusal(() => noticePolicy.assertMayPublish(person('7'), published))).toBe('notice.notDraft');
  });

  it('cancels published notices only', () => {
    expect(refusal(() => noticePolicy.assertMayCancel(person('7'), published))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertMayCancel(person('7'), draft))).toBe('notice.notPublished');
    expect(refusal(() => noticePolicy.assertMayCancel(person('8'), published))).toBe('notice.notAuthor');
  });

  it('needs named recipients for organisations and accounts', () => {
    expect(refusal(() => noticePolicy.assertRecipients({ receiveType: 'all' }))).toBeUndefined();
    expect(refusal(() => noticePolicy.assertRecipients({ receiveType: 'org', receiveOrgIds: [] }))).toBe(
      'notice.noOrgs',
    );
    expect(refusal(() => noticePolicy.assertRecipients({ receiveType: 'user' }))).toBe('notice.noUsers');
    expect(
      refusal(() => noticePolicy.assertRecipients({ receiveType: 'user', receiveUserIds: ['1'] })),
    ).toBeUndefined();
  });
});
