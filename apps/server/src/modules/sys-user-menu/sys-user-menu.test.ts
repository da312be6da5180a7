import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let admin: string;
let member: string;
const en = { 'accept-language': 'en' };
const api = (action: string) => `/api/sysUserMenu/${action}`;
let menu: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
  const rows = await t.ctx.db.global
    .selectFrom('sysMenu')
    .select(['id', 'path'])
    .where('path', 'in', ['/system/user', '/system/pos', '/system', '/platform/config'])
    .where('permission', 'is', null)
    .execute();
  menu = Object.fromEntries(rows.map((r) => [r.path!, r.id]));
});
afterAll(async () => t?.close());

const ids = async (token: string) =>
  (await t.call('GET', api('userMenuIdList'), token)).json().result as string[];

describe('sysUserMenu: an account’s favourite menus', () => {
  it('sets, lists and removes the favourites, in the order given', async () => {
    const set = await t.call('POST', api('add'), admin, {
      menuIdList: [menu['/system/pos'], menu['/system/user']],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(await ids(admin)).toEqual([menu['/system/pos'], menu['/system/user']]);
    const list = await t.call('GET', api('userMenuList'), admin);
    expect(list.json().result).toMatchObject([{ path: '/system/pos' }, { path: '/system/user' }]);

    const removed = await t.call('POST', api('deleteUserMenu'), admin, { menuIdList: [menu['/system/pos']] });
    expect(removed.statusCode).toBe(200);
    expect(await ids(admin)).toEqual([menu['/system/user']]);
    // Another account's favourites are its own.
    expect(await ids(member)).toEqual([]);
  });

  it('takes only pages the account can see', async () => {
    const dir = await t.call('POST', api('add'), admin, { menuIdList: [menu['/system']] }, en);
    expect(dir.statusCode).toBe(400);
    expect(dir.json().message).toBe('You can only add menus you can see to your favourites.');
    const platform = await t.call('POST', api('add'), admin, { menuIdList: [menu['/platform/config']] }, en);
    expect(platform.statusCode).toBe(400);
    const notGranted = await t.call('POST', api('add'), member, { menuIdList: [menu['/system/user']] }, en);
    expect(notGranted.statusCode).toBe(400);
    const badId = await t.call('POST', api('add'), admin, { menuIdList: ['abc'] }, en);
    expect(badId.statusCode).toBe(400);
    expect(await ids(admin)).toEqual([menu['/system/user']]);
    expect((await t.call('GET', api('userMenuIdList'))).statusCode).toBe(401);
  });

  it('leaves out a favourite whose menu is disabled, and shows it again when enabled', async () => {
    const setStatus = (status: number) =>
      t.ctx.db.platform((trx) =>
        trx.updateTable('sysMenu').set({ status }).where('id', '=', menu['/system/user']!).execute(),
      );
    await setStatus(2);
    expect(await ids(admin)).toEqual([]);
    await setStatus(1);
    expect(await ids(admin)).toEqual([menu['/system/user']]);
  });
});
