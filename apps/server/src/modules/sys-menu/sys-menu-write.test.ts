import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  for (const account of ['superAdmin', 'admin', 'member'])
    tokens[account] = (await t.login(account)).accessToken;
});
afterAll(async () => t?.close());

const menuId = async (key: string) =>
  (await t.ctx.db.global.selectFrom('sysMenu').select('id').where('key', '=', key).executeTakeFirstOrThrow())
    .id;
const row = (id: string) =>
  t.ctx.db.global.selectFrom('sysMenu').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const post = (action: string, body: unknown, account = 'superAdmin') =>
  t.call('POST', `/api/sysMenu/${action}`, tokens[account], body, en);
/** Expects a refusal with the given status and English message. */
const refused = async (action: string, body: unknown, status: number, message: string, account?: string) => {
  const res = await post(action, body, account);
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toContain(message);
};

describe('sysMenu/add', () => {
  it('adds a directory, a menu and a button, with audit columns and the parent scope', async () => {
    const dir = await post('add', { type: 1, title: ' Tools ', path: '/tools', component: 'Layout' });
    expect(dir.statusCode).toBe(200);
    const dirId = dir.json().result;
    const menu = await post('add', { pid: dirId, type: 2, title: 'Notes', path: '/tools/notes', icon: null });
    const button = await post('add', {
      pid: menu.json().result,
      type: 3,
      title: 'Add',
      permission: 'notes:add',
    });
    expect(button.statusCode).toBe(200);
    expect(await row(dirId)).toMatchObject({
      title: 'Tools',
      key: null,
      scope: 'tenant',
      status: 1,
      orderNo: 100,
      isKeepAlive: true,
      createUserId: SEED_IDS.superAdmin,
      createUserName: '超级管理员',
    });
    const underPlatform = await post('add', {
      pid: await menuId('menu:platform'),
      type: 2,
      title: 'Jobs',
      path: '/platform/job',
    });
    expect((await row(underPlatform.json().result)).scope).toBe('platform');
  });

  it('applies the menu rules', async () => {
    const sysMenu = await menuId('menu:sysMenu');
    await refused('add', { type: 1, title: 'No path' }, 400, 'Route path is required');
    await refused('add', { pid: sysMenu, type: 3, title: 'B' }, 400, 'Permission is required');
    await refused(
      'add',
      { pid: await menuId('menu:platform'), type: 3, title: 'B', permission: 'x:y' },
      400,
      'A button must sit under a menu',
    );
    await refused('add', { type: 3, title: 'B', permission: 'x:z' }, 400, 'A button must sit under a menu');
    await refused('add', { pid: '999', type: 2, title: 'M', path: '/m' }, 400, 'parent menu does not exist');
    const button = await menuId('sysMenu:add');
    await refused('add', { pid: button, type: 2, title: 'M', path: '/m' }, 400, 'cannot have sub-menus');
    await refused(
      'add',
      { pid: sysMenu, type: 3, title: 'Again', permission: 'sysMenu:add' },
      409,
      'sysMenu:add is already used',
    );
  });

  it('answers 401, 403 and 400 naming the bad field', async () => {
    expect((await t.call('POST', '/api/sysMenu/add', undefined, { type: 1, title: 'x' })).statusCode).toBe(
      401,
    );
    const body = { type: 1, title: 'Mine', path: '/mine' };
    await refused('add', body, 403, 'sysMenu:add', 'member');
    await refused('add', body, 403, 'sysMenu:add', 'admin');
    await refused('add', { title: 'x', path: '/x' }, 400, 'type');
    await refused('add', { type: 1, title: '  ', path: '/x' }, 400, 'title');
    await refused('add', { type: 1, title: 'x', path: '/x', pid: 'root' }, 400, 'pid');
  });
});

describe('sysMenu/update', () => {
  it('updates fields of an added menu and refuses a parent below itself', async () => {
    const dir = (await post('add', { type: 1, title: 'Docs', path: '/docs' })).json().result;
    const child = (await post('add', { pid: dir, type: 2, title: 'Guide', path: '/docs/guide' })).json()
      .result;
    const res = await post('update', {
      id: child,
      title: 'User guide',
      isHide: true,
      orderNo: 5,
      remark: '',
    });
    expect(res.statusCode).toBe(200);
    expect(await row(child)).toMatchObject({
      title: 'User guide',
      path: '/docs/guide',
      isHide: true,
      orderNo: 5,
      remark: null,
      updateUserId: SEED_IDS.superAdmin,
    });
    await refused('update', { id: dir, pid: dir }, 400, 'cannot be its own parent');
    await refused('update', { id: dir, pid: child }, 400, 'cannot be its own parent');
    await refused('update', { id: child, path: '' }, 400, 'Route path is required');
    await refused('update', { id: dir, type: 3, permission: 'docs:x' }, 400, 'cannot have sub-menus');
    await post('add', { pid: child, type: 3, title: 'Print', permission: 'docs:print' });
    await refused('update', { id: child, type: 1 }, 400, 'A button must sit under a menu');
    await refused('update', { id: '123', title: 'x' }, 404, 'does not exist');
  });

  it("records each change in the difference log (the page's modification record)", async () => {
    const id = (await post('add', { type: 1, title: 'Audit', path: '/audit' })).json().result as string;
    await post('update', { id, title: 'Audited' });
    await post('setStatus', { id, status: 2 });
    await t.ctx.audit.flush();
    const page = await t.call('POST', '/api/sysLogDiff/page', tokens.superAdmin, {
      tableName: 'sysMenu',
      rowId: id,
    });
    type Entry = { operation: string; changes: { field: string; before: unknown; after: unknown }[] };
    const entries = (page.json().result.items as Entry[]).sort((a, b) =>
      a.operation.localeCompare(b.operation),
    );
    expect(entries.map((e) => e.operation)).toEqual(['insert', 'update', 'update']);
    const changes = entries.flatMap((e) => e.changes);
    expect(changes).toContainEqual({ field: 'title', before: 'Audit', after: 'Audited' });
    expect(changes).toContainEqual({ field: 'status', before: 1, after: 2 });
  });

  it('moves a menu under a platform directory together with its sub-menus', async () => {
    const dir = (await post('add', { type: 1, title: 'Ops', path: '/ops' })).json().result;
    const child = (await post('add', { pid: dir, type: 2, title: 'Runs', path: '/ops/runs' })).json().result;
    expect((await post('update', { id: dir, pid: await menuId('menu:platform') })).statusCode).toBe(200);
    expect((await row(dir)).scope).toBe('platform');
    expect((await row(child)).scope).toBe('platform');
  });

  it('lets registry menus change display fields but not their structure', async () => {
    const id = await menuId('menu:sysMenu');
    const ok = await post('update', {
      id,
      title: 'Menus',
      icon: 'ele-Menu',
      path: '/platform/menu',
      isAffix: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(await row(id)).toMatchObject({ title: 'Menus', icon: 'ele-Menu', isAffix: true });
    await refused('update', { id, path: '/elsewhere' }, 400, 'The path of a built-in menu');
    await refused('update', { id, pid: '0' }, 400, 'The pid of a built-in menu');
    await refused('update', { id: await menuId('sysMenu:add'), permission: 'sysMenu:x' }, 400, 'permission');
  });

  it('answers 401, 403 and 400 naming the bad field', async () => {
    expect((await t.call('POST', '/api/sysMenu/update', undefined, { id: '1' })).statusCode).toBe(401);
    await refused('update', { id: await menuId('menu:home'), title: 'x' }, 403, 'sysMenu:update', 'member');
    await refused('update', { title: 'x' }, 400, 'id');
    await refused('update', { id: '1', isHide: 'maybe' }, 400, 'isHide');
  });
});

describe('sysMenu/delete and setStatus', () => {
  it('deletes a leaf, refusing menus with children and registry menus', async () => {
    const dir = (await post('add', { type: 1, title: 'Tmp', path: '/tmp' })).json().result;
    const leaf = (await post('add', { pid: dir, type: 2, title: 'Leaf', path: '/tmp/leaf' })).json().result;
    await refused('delete', { id: dir }, 400, 'Delete the sub-menus first');
    await refused('delete', { id: await menuId('menu:home') }, 400, 'cannot be deleted');
    expect((await post('delete', { id: leaf })).statusCode).toBe(200);
    expect((await post('delete', { id: dir })).statusCode).toBe(200);
    await refused('delete', { id: dir }, 404, 'does not exist');
    expect((await t.call('POST', '/api/sysMenu/delete', undefined, { id: dir })).statusCode).toBe(401);
    await refused('delete', { id: dir }, 403, 'sysMenu:delete', 'member');
    await refused('delete', { id: 'abc' }, 400, 'id');
  });

  it('sets the status', async () => {
    const id = (await post('add', { type: 1, title: 'Flag', path: '/flag' })).json().result;
    expect((await post('setStatus', { id, status: 2 })).statusCode).toBe(200);
    expect((await row(id)).status).toBe(2);
    expect((await t.call('POST', '/api/sysMenu/setStatus', undefined, { id, status: 1 })).statusCode).toBe(
      401,
    );
    await refused('setStatus', { id, status: 1 }, 403, 'sysMenu:setStatus', 'member');
    await refused('setStatus', { id, status: 3 }, 400, 'status');
  });
});

describe('sysMenu writes below the super admin', () => {
  // The registry keeps sysMenu on the platform, so the gate already refuses a tenant's
  // administrator; here the buttons are handed to the tenant to prove the service refuses too.
  beforeAll(async () => {
    const buttons = await t.ctx.db.global
      .updateTable('sysMenu')
      .set({ scope: 'tenant' })
      .where('permission', 'like', 'sysMenu:%')
      .returning('id')
      .execute();
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysTenantMenu')
        .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, menuId: b.id })))
        .execute(),
    );
    await t.ctx.sessions.touchMenus();
  });

  it('refuses platform-scope menus to a system admin with 403', async () => {
    const platform = await menuId('menu:platform');
    const sysMenu = await menuId('menu:sysMenu');
    const only = 'Only the super administrator may change platform menus.';
    await refused('add', { pid: platform, type: 2, title: 'X', path: '/platform/x' }, 403, only, 'admin');
    await refused('update', { id: sysMenu, title: 'Mine' }, 403, only, 'admin');
    await refused('setStatus', { id: sysMenu, status: 2 }, 403, only, 'admin');
    await refused('delete', { id: platform }, 403, only, 'admin');
    expect((await row(sysMenu)).status).toBe(1);
  });

  it('lets a system admin add tenant menus, granted to its tenant and listed without platform menus', async () => {
    const res = await post(
      'add',
      { pid: await menuId('menu:dashboard'), type: 2, title: 'Board', path: '/dashboard/board' },
      'admin',
    );
    expect(res.statusCode).toBe(200);
    const id = res.json().result;
    expect((await row(id)).scope).toBe('tenant');
    const list = await t.call('GET', '/api/sysMenu/list', tokens.admin);
    expect(list.statusCode).toBe(200);
    const top = list.json().result.map((n: { path: string }) => n.path);
    expect(top).toContain('/dashboard');
    expect(top).not.toContain('/platform');
    const tree = (await t.call('GET', '/api/sysMenu/loginMenuTree', tokens.admin)).json().result;
    expect(JSON.stringify(tree)).toContain('/dashboard/board');
  });
});
