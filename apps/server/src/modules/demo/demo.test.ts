import { MENU_REGISTRY, type MenuNode, type MenuTreeNode } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const en = { 'accept-language': 'en-US' };

/** Every path of a tree, depth first. */
const pathsOf = (nodes: readonly (MenuNode | MenuTreeNode)[]): string[] =>
  nodes.flatMap((node) =>
    'type' in node && node.type === 'btn'
      ? []
      : [node.path!, ...pathsOf((node.children ?? []) as (MenuNode | MenuTreeNode)[])],
  );

describe('demo menus', () => {
  let t: TestApp;
  let admin: string;
  let staff: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login('admin')).accessToken;
    staff = (await t.login('staff')).accessToken;
  });
  afterAll(() => t?.close());

  const tree = async (token = admin): Promise<MenuTreeNode[]> =>
    (await t.call('GET', '/api/sysMenu/loginMenuTree', token)).json().result;
  const demoOf = async (token = admin) => (await tree(token)).find((n) => n.path === '/demo');
  const apis = async (token = admin): Promise<string[]> =>
    (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result.apis;
  const setVisible = (visible: unknown, token = admin) =>
    t.call('POST', '/api/demo/setMenuSwitch', token, { visible }, en);

  it('seeds the whole demo tree and shows it to the tenant admin', async () => {
    const registry = MENU_REGISTRY.find((top) => top.key === 'demo')!;
    const demo = await demoOf();
    expect(demo?.meta.title).toBe('功能演示');
    expect(pathsOf([demo!])).toEqual(pathsOf([registry]));
    const link = pathsOf([demo!]).length;
    expect(link).toBeGreaterThan(25);
    expect(await apis()).toEqual(expect.arrayContaining(['demo:frontPage', 'demo:backEndPage']));
  });

  it('answers the back-end demo to holders of its code and refuses the rest, localized', async () => {
    const held = await t.call('GET', '/api/demo/backEndPage', admin);
    expect(held.statusCode).toBe(200);
    expect(held.json().result).toMatchObject({ account: 'admin' });
    expect(held.json().result.demoCodes).toContain('demo:backEndPage');

    expect(await apis(staff)).not.toContain('demo:backEndPage');
    const refused = await t.call('GET', '/api/demo/backEndPage', staff, undefined, en);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(
      'Access denied: you do not have permission for this operation (demo:backEndPage).',
    );
    const zh = await t.call('GET', '/api/demo/backEndPage', staff, undefined, { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(403);
    expect(zh.json().message).toMatch(/demo:backEndPage/);
    expect(zh.json().message).not.toBe(refused.json().message);
  });

  it('hides the demo directory for the tenant and restores it', async () => {
    expect((await t.call('GET', '/api/demo/menuSwitch', admin)).json().result).toEqual({ visible: true });
    expect((await setVisible(false)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/demo/menuSwitch', admin)).json().result).toEqual({ visible: false });
    // Gone from the menus, the codes with them: the back-end demo now refuses the admin too.
    expect(await demoOf()).toBeUndefined();
    expect((await tree()).length).toBeGreaterThan(3);
    expect((await apis()).filter((code) => code.startsWith('demo:'))).toEqual([]);
    expect((await t.call('GET', '/api/demo/backEndPage', admin)).statusCode).toBe(403);

    expect((await setVisible(true)).statusCode).toBe(200);
    expect(pathsOf([(await demoOf())!])).toContain('/demo/fun/countUp');
    expect((await t.call('GET', '/api/demo/backEndPage', admin)).statusCode).toBe(200);
  });

  it('refuses a bad switch value and callers without the settings code', async () => {
    const bad = await setVisible('maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/visible/);
    expect((await setVisible(false, staff)).statusCode).toBe(403);
    expect(await demoOf()).toBeDefined();
  });

  it('adds the item for a tenant created before it existed, which follows its demo mode until then', async () => {
    await t.ctx.db.tenant('1300000000001', (trx) =>
      trx.deleteFrom('sysConfig').where('code', '=', 'sys_demo_menus').execute(),
    );
    await t.ctx.cache.del('sysConfig:1300000000001:sys_demo_menus');
    expect((await t.call('GET', '/api/demo/menuSwitch', admin)).json().result).toEqual({ visible: true });
    expect((await setVisible(false)).statusCode).toBe(200);
    expect(await demoOf()).toBeUndefined();
    expect((await setVisible(true)).statusCode).toBe(200);
    expect(await demoOf()).toBeDefined();
  });

  it('gives the chart figures of the tenant: 14 days of sign-ins, accounts per organisation and type', async () => {
    // The visit log is written in batches off the request path: flush this suite's sign-ins.
    await t.ctx.audit.flush();
    const res = await t.call('GET', '/api/demo/chartData?tz=Asia/Shanghai', admin);
    expect(res.statusCode).toBe(200);
    const figures = res.json().result;
    expect(figures.signInsByDay).toHaveLength(14);
    // The two sign-ins of this suite (admin, staff) are today's.
    expect(figures.signInsByDay.at(-1).count).toBeGreaterThanOrEqual(2);
    expect(figures.totals.signIns30d).toBeGreaterThanOrEqual(2);
    expect(figures.visitsByWeekday).toHaveLength(7);
    expect(figures.accountsByType).toEqual(expect.arrayContaining([{ name: 'sysAdmin', count: 1 }]));
    expect(figures.accountsByOrg.length).toBeGreaterThan(0);
    const total = figures.accountsByType.reduce((sum: number, r: { count: number }) => sum + r.count, 0);
    expect(total).toBe(figures.totals.accounts);

    expect((await t.call('GET', '/api/demo/screenData', admin)).json().result.totals).toEqual(figures.totals);
    const badZone = await t.call('GET', '/api/demo/chartData?tz=Mars/Olympus', admin, undefined, en);
    expect(badZone.statusCode).toBe(400);
    expect((await t.call('GET', '/api/demo/chartData', staff)).statusCode).toBe(403);
  });
});
