import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { HUB_PATH } from '../../platform/realtime/events.js';

const STAFF_ROLE = '1300000000402';
const DEV_ORG = '1300000000203'; // 开发部: the staff account's organisation; 前端组 below it
const FRONTEND_ORG = '1300000000204';
const en = { 'accept-language': 'en' };

let t: TestApp;
let admin: string;
let staff: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

const call = (path: string, token: string, body?: unknown) =>
  t.call(
    body === undefined && !path.includes('/set') ? 'GET' : 'POST',
    `/api/sysNotice/${path}`,
    token,
    body,
    en,
  );

async function draft(token: string, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await call('add', token, {
    title: 'Holiday',
    content: '<p>Closed on Friday</p>',
    type: 1,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
}
const publish = (token: string, id: string) => call('public', token, { id });
const received = async (token: string, body: Record<string, unknown> = {}) =>
  (await call('pageReceived', token, { pageSize: 100, ...body })).json().result;
const unread = async (token: string) => (await call('unReadCount', token)).json().result as number;

describe('sysNotice management', () => {
  it('walks draft → published → cancelled → deleted, sanitising the content', async () => {
    const id = await draft(admin, {
      content:
        '<h2>Hi</h2><p onclick="x()">a<script>alert(1)</script></p><img src="x" onerror="alert(1)">' +
        '<a href="javascript:alert(1)">l</a>',
    });
    const detail = (await call(`detail?id=${id}`, admin)).json().result;
    expect(detail).toMatchObject({ status: 0, type: 1, receiveType: 'all', createUserId: SEED_IDS.admin });
    expect(detail.content).toBe(
      '<h2>Hi</h2><p>a</p><img src="x" /><a target="_blank" rel="noopener noreferrer nofollow">l</a>',
    );

    const edited = await call('update', admin, {
      id,
      title: 'Holiday (edited)',
      content: '<p>b</p>',
      type: 2,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const res = await publish(admin, id);
    expect(res.statusCode, res.body).toBe(200);
    const enabled = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').select('id').where('status', '=', 1).execute(),
    );
    expect(res.json().result.recipientCount).toBe(enabled.length);
    const published = (await call(`detail?id=${id}`, admin)).json().result;
    expect(published).toMatchObject({
      status: 1,
      title: 'Holiday (edited)',
      publicUserId: SEED_IDS.admin,
      publicUserName: '系统管理员',
      publicOrgId: SEED_IDS.rootOrg,
      recipientCount: enabled.length,
      readCount: 0,
    });
    expect(published.publicTime).toBeTruthy();

    // Publication is final: no edit, no second publication, no delete.
    const again = await call('update', admin, { id, title: 'x', content: '<p>c</p>', type: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(
      'Only a draft notice can be changed or published; this one has already been published.',
    );
    expect((await publish(admin, id)).statusCode).toBe(400);
    expect((await call('delete', admin, { id })).json().message).toBe(
      'A published notice cannot be deleted; cancel it first.',
    );

    const page = (await call('page', admin, { title: 'edited', status: 1, type: 2 })).json().result;
    expect(page.items.map((n: { id: string }) => n.id)).toEqual([id]);

    // Cancelled, it leaves the recipients' lists and no longer counts as unread for them.
    const unreadBefore = await unread(staff);
    expect((await call('cancel', admin, { id })).statusCode).toBe(200);
    expect((await call(`detail?id=${id}`, admin)).json().result).toMatchObject({ status: 2 });
    expect(await unread(staff)).toBe(unreadBefore - 1);
    expect((await received(staff)).items.map((n: { noticeId: string }) => n.noticeId)).not.toContain(id);
    expect((await call('delete', admin, { id })).statusCode).toBe(200);
    expect((await call(`detail?id=${id}`, admin)).statusCode).toBe(404);
  });

  it('reaches organisations and below, or named accounts, and keeps read state per account', async () => {
    const before = await unread(staff);
    const toDev = await draft(admin, { title: 'Dev only', receiveType: 'org', receiveOrgIds: [DEV_ORG] });
    expect((await publish(admin, toDev)).json().result.recipientCount).toBe(1);
    // An account in the organisation below (前端组) receives a notice sent to 开发部 too.
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ orgId: FRONTEND_ORG }).where('id', '=', SEED_IDS.member).execute(),
    );
    const toDev2 = await draft(admin, { title: 'Dev tree', receiveType: 'org', receiveOrgIds: [DEV_ORG] });
    expect((await publish(admin, toDev2)).json().result.recipientCount).toBe(2);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ orgId: '1300000000206' }).where('id', '=', SEED_IDS.member).execute(),
    );
    const toMember = await draft(admin, {
      title: 'For member',
      receiveType: 'user',
      receiveUserIds: [SEED_IDS.member],
    });
    expect((await publish(admin, toMember)).json().result.recipientCount).toBe(1);

    const staffTitles = (await received(staff)).items.map((n: { title: string }) => n.title);
    expect(staffTitles).toEqual(expect.arrayContaining(['Dev only', 'Dev tree']));
    expect(staffTitles).not.toContain('For member');
    const memberTitles = (await received(member)).items.map((n: { title: string }) => n.title);
    expect(memberTitles).toEqual(expect.arrayContaining(['For member', 'Dev tree']));
    expect(memberTitles).not.toContain('Dev only');

    expect(await unread(staff)).toBe(before + 2);
    const list = (await call('unReadList', staff)).json().result;
    expect(list[0]).toMatchObject({ noticeId: toDev2, readStatus: 0, title: 'Dev tree' });
    expect((await call('setRead', staff, { id: toDev })).statusCode).toBe(200);
    expect(await unread(staff)).toBe(before + 1);
    const read = (await received(staff, { readStatus: 1 })).items;
    expect(read.find((n: { noticeId: string }) => n.noticeId === toDev)).toMatchObject({ readStatus: 1 });
    expect((await call(`detail?id=${toDev}`, admin)).json().result).toMatchObject({ readCount: 1 });
    // Member's copy is untouched; a notice one did not receive is not found.
    expect(
      (await received(member, { readStatus: 0 })).items.map((n: { noticeId: string }) => n.noticeId),
    ).toContain(toDev2);
    expect((await call('setRead', member, { id: toDev })).statusCode).toBe(404);
    expect((await call('setAllRead', staff, {})).statusCode).toBe(200);
    expect(await unread(staff)).toBe(0);
  });

  it('refuses bad input with localized 400s and loses nothing', async () => {
    const missing = await call('add', admin, { title: '', content: '<p>x</p>', type: 1 });
    expect(missing.statusCode).toBe(400);
    const badType = await call('add', admin, { title: 'x', content: '<p>x</p>', type: 7 });
    expect(badType.statusCode).toBe(400);
    const empty = await call('add', admin, { title: 'x', content: '<script>1</script>', type: 1 });
    expect(empty.json().message).toBe('The notice content is empty.');
    const noOrgs = await call('add', admin, { title: 'x', content: '<p>x</p>', type: 1, receiveType: 'org' });
    expect(noOrgs.json().message).toBe('Choose at least one organisation to receive the notice.');
    const zh = await t.call(
      'POST',
      '/api/sysNotice/add',
      admin,
      { title: 'x', content: '<p></p>', type: 1 },
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(zh.json().message).toBe('通知内容为空。');
    const id = await draft(admin);
    const bad = await call('update', admin, {
      id,
      title: 'x',
      content: '<p>x</p>',
      type: 1,
      receiveType: 'user',
    });
    expect(bad.statusCode).toBe(400);
    expect((await call(`detail?id=${id}`, admin)).json().result).toMatchObject({
      title: 'Holiday',
      status: 0,
    });
  });

  it('lets only the author or an administrator publish; refuses without the permission', async () => {
    await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
      const buttons = await trx
        .selectFrom('sysMenu')
        .select('id')
        .where('permission', 'like', 'sysNotice:%')
        .execute();
      await trx
        .insertInto('sysRoleMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId: STAFF_ROLE, menuId: b.id })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    });
    await t.ctx.tenants.invalidate(SEED_IDS.tenant);
    const staffToken = (await t.login('staff')).accessToken;
    const adminsDraft = await draft(admin);
    const refused = await publish(staffToken, adminsDraft);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Only the author of the notice or an administrator may publish or cancel it.',
    );
    const own = await draft(staffToken, { receiveType: 'user', receiveUserIds: [SEED_IDS.admin] });
    expect((await publish(staffToken, own)).statusCode).toBe(200);

    expect((await call('add', member, { title: 'x', content: '<p>x</p>', type: 1 })).statusCode).toBe(403);
    expect((await publish(member, adminsDraft)).statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysNotice/pageReceived', undefined, {})).statusCode).toBe(401);
    expect((await call('pageReceived', member, {})).statusCode).toBe(200);
  });

  it("never shows another tenant's notices", async () => {
    const other = await createOtherTenant(t);
    const theirs = '1300000009901';
    await t.ctx.db.tenant(other.tenantId, async (trx) => {
      await trx
        .insertInto('sysNotice')
        .values({
          id: theirs,
          tenantId: other.tenantId,
          title: 'Other tenant',
          content: '<p>x</p>',
          type: 1,
          status: 1,
        })
        .execute();
      await trx
        .insertInto('sysNoticeUser')
        .values({ tenantId: other.tenantId, noticeId: theirs, userId: other.adminId })
        .execute();
    });
    expect((await call(`detail?id=${theirs}`, admin)).statusCode).toBe(404);
    const ids = (await call('page', admin, { pageSize: 500 }))
      .json()
      .result.items.map((n: { id: string }) => n.id);
    expect(ids).not.toContain(theirs);
    expect((await call('cancel', admin, { id: theirs })).statusCode).toBe(404);
    expect((await call('setRead', admin, { id: theirs })).statusCode).toBe(404);
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    expect((await received(otherAdmin)).items.map((n: { noticeId: string }) => n.noticeId)).toEqual([theirs]);
  });
});

describe('PublicNotice over the hub', () => {
  it('reaches the online recipients at once and nobody else', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const open = (token: string) =>
      new Promise<Socket>((resolve, reject) => {
        const socket = io(base, {
          path: HUB_PATH,
          transports: ['websocket'],
          reconnection: false,
          forceNew: true,
          auth: { token },
        });
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    const staffSocket = await open((await t.login('staff')).accessToken);
    const memberSocket = await open((await t.login('member')).accessToken);
    try {
      const toStaff: unknown[] = [];
      const toMember: unknown[] = [];
      staffSocket.on('PublicNotice', (p: unknown) => toStaff.push(p));
      memberSocket.on('PublicNotice', (p: unknown) => toMember.push(p));
      // The hub writes the online row while the handshake runs; wait until both are listed.
      await expect
        .poll(() =>
          t.ctx.db.tenant(SEED_IDS.tenant, async (trx) =>
            (await trx.selectFrom('sysOnlineUser').select('userId').execute()).map((r) => r.userId).sort(),
          ),
        )
        .toEqual(expect.arrayContaining([SEED_IDS.member, SEED_IDS.staff]));
      const id = await draft(admin, { title: 'Live', receiveType: 'user', receiveUserIds: [SEED_IDS.staff] });
      expect((await publish(admin, id)).statusCode).toBe(200);
      await expect.poll(() => toStaff.length).toBe(1);
      expect(toStaff[0]).toMatchObject({ id, title: 'Live', type: 1, publicUserName: '系统管理员' });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(toMember).toEqual([]);
    } finally {
      staffSocket.disconnect();
      memberSocket.disconnect();
    }
  });
});
