import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { HUB_PATH } from '../../platform/realtime/events.js';

const en = { 'accept-language': 'en' };
let t: TestApp;
let admin: string;
let staff: string;
let member: string;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

const post = (path: string, token: string | undefined, body: unknown = {}) =>
  t.call('POST', `/api/${path}`, token, body, en);
const get = (path: string, token: string) => t.call('GET', `/api/${path}`, token, undefined, en);
const content = { title: 'Hello', message: 'Line one', messageType: 'info' };
const inbox = async (token: string, body: Record<string, unknown> = {}) =>
  (await post('sysMessage/pageReceived', token, { pageSize: 100, ...body })).json().result;
const counts = async (token: string) => (await get('sysMessage/unReadCount', token)).json().result;

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
const onlineUsers = () =>
  t.ctx.db.tenant(SEED_IDS.tenant, async (trx) =>
    (await trx.selectFrom('sysOnlineUser').select('userId').execute()).map((r) => r.userId),
  );

describe('sysMessage sending and the inbox', () => {
  it('keeps a message to one account in its inbox, unread until opened', async () => {
    const before = await counts(staff);
    const res = await post('sysMessage/sendUser', admin, {
      receiveUserId: SEED_IDS.staff,
      ...content,
      userIds: [],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ recipientCount: 1, onlineCount: 0 });
    const id = res.json().result.id;
    expect(await counts(staff)).toEqual({ ...before, messages: before.messages + 1 });
    const unread = (await inbox(staff, { readStatus: 0 })).items;
    expect(unread[0]).toMatchObject({
      id,
      title: 'Hello',
      message: 'Line one',
      messageType: 'info',
      sendUserId: SEED_IDS.admin,
      sendUserName: '系统管理员',
      readStatus: 0,
    });
    expect((await inbox(member)).items.map((m: { id: string }) => m.id)).not.toContain(id);
    const detail = (await get(`sysMessage/detail?id=${id}`, staff)).json().result;
    expect(detail).toMatchObject({ id, readStatus: 1 });
    expect(detail.readTime).toBeTruthy();
    expect((await counts(staff)).messages).toBe(before.messages);
    expect((await get(`sysMessage/detail?id=${id}`, member)).statusCode).toBe(404);
  });

  it('sends to several, to all and to all but the sender; set read and all read', async () => {
    const several = await post('sysMessage/sendUsers', admin, {
      userIds: [SEED_IDS.staff, SEED_IDS.member],
      ...content,
    });
    expect(several.json().result.recipientCount).toBe(2);
    const enabled = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').select('id').where('status', '=', 1).execute(),
    );
    const all = await post('sysMessage/sendAllUser', admin, { ...content, title: 'To all' });
    expect(all.json().result.recipientCount).toBe(enabled.length);
    const others = await post('sysMessage/sendOtherUser', admin, { ...content, title: 'To others' });
    expect(others.json().result.recipientCount).toBe(enabled.length - 1);
    const adminTitles = (await inbox(admin)).items.map((m: { title: string }) => m.title);
    expect(adminTitles).toContain('To all');
    expect(adminTitles).not.toContain('To others');

    const memberUnread = (await counts(member)).messages;
    expect(memberUnread).toBeGreaterThanOrEqual(3);
    expect((await post('sysMessage/setRead', member, { id: several.json().result.id })).statusCode).toBe(200);
    expect((await counts(member)).messages).toBe(memberUnread - 1);
    expect((await post('sysMessage/setRead', member, { id: '1' })).statusCode).toBe(404);
    const changed = await post('sysMessage/setAllRead', member);
    expect(changed.json().result).toBe(memberUnread - 1);
    expect((await inbox(member, { readStatus: 0 })).total).toBe(0);
    expect((await get('sysMessage/unReadList', member)).json().result).toEqual([]);
  });

  it('refuses bad input and unknown accounts with localized 4xx, keeping nothing', async () => {
    const bad = await post('sysMessage/sendUser', admin, {
      receiveUserId: SEED_IDS.staff,
      ...content,
      messageType: 'shout',
    });
    expect(bad.statusCode).toBe(400);
    const noTitle = await post('sysMessage/sendUsers', admin, { userIds: [], ...content });
    expect(noTitle.statusCode).toBe(400);
    const blank = await post('sysMessage/sendUser', admin, {
      receiveUserId: SEED_IDS.staff,
      ...content,
      title: '  ',
    });
    expect(blank.json().message).toBe('The message title and text must not be empty.');
    const nobody = await post('sysMessage/sendUser', admin, {
      receiveUserId: '1300000099999',
      ...content,
      title: 'Lost',
    });
    expect(nobody.statusCode).toBe(404);
    expect(nobody.json().message).toBe('None of the addressed accounts exists or is enabled in this tenant.');
    const logged = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysMessage').select('id').where('title', '=', 'Lost').execute(),
    );
    expect(logged).toEqual([]);
  });

  it('needs a sysMessage permission to send; any account reads its own inbox', async () => {
    expect((await post('sysMessage/sendAllUser', member, content)).statusCode).toBe(403);
    expect((await post('sysMessage/sendAllUser', undefined, content)).statusCode).toBe(401);
    expect((await post('sysMessage/pageReceived', member)).statusCode).toBe(200);
    expect((await post('sysLogMsg/page', member)).statusCode).toBe(403);
  });

  it("never reaches another tenant's accounts", async () => {
    const other = await createOtherTenant(t);
    const res = await post('sysMessage/sendUser', admin, { receiveUserId: other.adminId, ...content });
    expect(res.statusCode).toBe(404);
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    expect((await inbox(otherAdmin)).total).toBe(0);
  });
});

describe('live delivery and the online-user page', () => {
  it('pushes ReceiveMessage to online recipients, and online-user messages land in the inbox', async () => {
    const staffSocket = await open((await t.login('staff')).accessToken);
    const memberSocket = await open((await t.login('member')).accessToken);
    try {
      const toStaff: { id: string; title: string }[] = [];
      const toMember: unknown[] = [];
      staffSocket.on('ReceiveMessage', (p: { id: string; title: string }) => toStaff.push(p));
      memberSocket.on('ReceiveMessage', (p: unknown) => toMember.push(p));
      await expect.poll(onlineUsers).toEqual(expect.arrayContaining([SEED_IDS.staff, SEED_IDS.member]));
      const res = await post('sysMessage/sendUser', admin, {
        receiveUserId: SEED_IDS.staff,
        ...content,
        title: 'Live',
      });
      expect(res.json().result).toMatchObject({ recipientCount: 1, onlineCount: 1 });
      await expect.poll(() => toStaff.length).toBe(1);
      expect(toStaff[0]).toMatchObject({ id: res.json().result.id, title: 'Live', messageType: 'info' });

      const viaOnline = await post('sysOnlineUser/sendMessage', admin, {
        userId: SEED_IDS.member,
        title: 'From the online page',
        message: 'Please save your work.',
        messageType: 'warning',
      });
      expect(viaOnline.statusCode, viaOnline.body).toBe(200);
      await expect.poll(() => toMember.length).toBe(1);
      expect((await inbox(member)).items[0]).toMatchObject({
        title: 'From the online page',
        messageType: 'warning',
      });
      expect(toStaff).toHaveLength(1);
    } finally {
      staffSocket.disconnect();
      memberSocket.disconnect();
    }
  });
});

describe('sysLogMsg', () => {
  it('lists every send with sender and counts, exports it, and clears it without touching inboxes', async () => {
    await post('sysMessage/sendUser', admin, { receiveUserId: SEED_IDS.staff, ...content, title: 'Logged' });
    const page = (await post('sysLogMsg/page', admin, { title: 'Logged' })).json().result;
    expect(page.items[0]).toMatchObject({
      title: 'Logged',
      sendKind: 'user',
      sendUserName: '系统管理员',
      recipientCount: 1,
      messageType: 'info',
    });
    const kinds = (await post('sysLogMsg/page', admin, { pageSize: 100 }))
      .json()
      .result.items.map((e: { sendKind: string }) => e.sendKind);
    expect(kinds).toEqual(expect.arrayContaining(['user', 'users', 'all', 'other', 'onlineUser']));
    const detail = (await get(`sysLogMsg/detail?id=${page.items[0].id}`, admin)).json().result;
    expect(detail).toMatchObject({ title: 'Logged', message: 'Line one' });

    const file = await post('sysLogMsg/export', admin, {
      format: 'csv',
      title: 'Logged',
      columns: [
        { key: 'title', title: 'Title' },
        { key: 'messageType', title: 'Type' },
        { key: 'sendKind', title: 'To' },
        { key: 'recipientCount', title: 'Recipients' },
      ],
    });
    expect(file.statusCode, file.body).toBe(200);
    expect(
      file.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/),
    ).toEqual(['Title,Type,To,Recipients', 'Logged,Information,One account,1']);

    const staffBefore = (await inbox(staff)).total;
    const cleared = await post('sysLogMsg/clear', admin);
    expect(cleared.json().result).toBeGreaterThanOrEqual(6);
    expect((await post('sysLogMsg/page', admin)).json().result.total).toBe(0);
    expect((await inbox(staff)).total).toBe(staffBefore);
  });
});
