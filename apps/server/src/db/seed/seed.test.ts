import { MENU_REGISTRY } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { seed } from './index.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const counts = () =>
  t.ctx.db.platform(async (trx) => ({
    menus: (await trx.selectFrom('sysMenu').select('id').execute()).length,
    users: (await trx.selectFrom('sysUser').select('id').execute()).length,
    dicts: (await trx.selectFrom('sysDictType').select('id').execute()).length,
    roleMenus: (await trx.selectFrom('sysRoleMenu').select('menuId').execute()).length,
  }));

describe('seed', () => {
  it('seeded the default tenant: accounts of every type, five roles, orgs, dictionaries, configs', async () => {
    const data = await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => ({
      users: await trx.selectFrom('sysUser').select(['account', 'accountType']).orderBy('id').execute(),
      roles: await trx.selectFrom('sysRole').select(['code', 'dataScope']).orderBy('dataScope').execute(),
      orgs: await trx.selectFrom('sysOrg').select('id').execute(),
      configs: await trx.selectFrom('sysConfig').select(['code', 'value']).execute(),
    }));
    expect(data.users.map((u) => u.accountType)).toEqual([999, 888, 777, 666, 555]);
    expect(data.roles.map((r) => r.dataScope)).toEqual([1, 2, 3, 4, 5]);
    expect(data.orgs.length).toBeGreaterThanOrEqual(5);
    expect(data.configs).toContainEqual({ code: 'sys_password_max_error_times', value: '5' });
  });

  it('builds the menu tree from the registry', async () => {
    const dirs = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select('key')
      .where('pid', '=', '0')
      .orderBy('orderNo')
      .execute();
    expect(dirs.map((d) => d.key)).toEqual(MENU_REGISTRY.map((m) => `menu:${m.key}`));
  });

  it('is idempotent and keeps administrators’ display edits, restoring only structure', async () => {
    const before = await counts();
    const menu = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select(['id', 'path'])
      .where('key', '=', 'menu:sysDict')
      .executeTakeFirstOrThrow();
    await t.ctx.db.global
      .updateTable('sysMenu')
      .set({ title: 'Dictionaries', path: '/moved' })
      .where('id', '=', menu.id)
      .execute();
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.deleteFrom('sysRoleMenu').where('roleId', '=', '1300000000402').execute(),
    );
    const revoked = await counts();

    const result = await seed(t.ctx.db, t.config);
    expect(result.created).toBe(false);
    expect(await counts()).toEqual(revoked);
    expect(revoked.menus).toBe(before.menus);
    const after = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select(['title', 'path'])
      .where('id', '=', menu.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual({ title: 'Dictionaries', path: menu.path });
  });
});
