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

interface Node {
  id: string;
  path: string | null;
  type?: number;
  meta?: Record<string, unknown>;
  children: Node[];
}
const flatten = (nodes: Node[]): Node[] => nodes.flatMap((n) => [n, ...flatten(n.children)]);
const menuId = async (key: string) =>
  (await t.ctx.db.global.selectFrom('sysMenu').select('id').where('key', '=', key).executeTakeFirstOrThrow())
    .id;
const tree = async (account: string): Promise<Node[]> => {
  const res = await t.call('GET', '/api/sysMenu/loginMenuTree', tokens[account]);
  expect(res.statusCode).toBe(200);
  return res.json().result;
};
const paths = (nodes: Node[]) => flatten(nodes).map((n) => n.path);

/** Registry pages every signed-in account reaches (allUsers: personal centre, about), in tree order. */
/** The AI study pages every role starts with (menus-ai.ts), between the system directory and about. */
const STUDY = [
  '/lintelAI',
  '/llm/aiChat',
  '/lintelAI/stuWorkFlow',
  '/lintelAI/stuWorkFlowReport',
  '/lintelAI/stuWorkFlowPaper',
  '/lintelAI/stuQuestionBank',
  '/lintelAI/stuInfo',
];
/** The personal approval pages every role of the default tenant starts with. */
const APPROVAL = ['/approvalFlow', '/approvalFlow/mine', '/approvalFlow/todo'];
/**
 * What a member reaches besides the dashboard: the pages every account reaches (personal centre,
 * inbox, the user guide, about), its requests and to-do, and the study pages.
 */
const EVERYONE = [
  '/system',
  '/system/userCenter',
  '/system/inbox',
  ...APPROVAL,
  ...STUDY,
  '/doc',
  '/doc/guide',
  '/about',
];

describe('sysMenu/loginMenuTree', () => {
  it('answers 401 without a token', async () => {
    expect((await t.call('GET', '/api/sysMenu/loginMenuTree')).statusCode).toBe(401);
  });

  it('gives the super admin the platform and dashboard directories, without buttons', async () => {
    const nodes = await tree('superAdmin');
    expect(nodes[0]).toMatchObject({ path: '/dashboard', pid: '0', redirect: '/dashboard/home' });
    expect(nodes.map((n) => n.path)).toContain('/platform');
    const menu = flatten(nodes).find((n) => n.path === '/platform/menu')!;
    expect(menu).toMatchObject({ name: 'sysMenu', component: '/system/menu/index', children: [] });
    expect(menu.meta).toEqual({
      title: '菜单管理',
      icon: 'MenuOutlined',
      isIframe: false,
      isLink: null,
      isHide: false,
      isKeepAlive: true,
      isAffix: false,
      isPublic: false,
      roles: [],
    });
    const buttons = await t.ctx.db.global.selectFrom('sysMenu').select('id').where('type', '=', 3).execute();
    const ids = new Set(flatten(nodes).map((n) => n.id));
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.some((b) => ids.has(b.id))).toBe(false);
  });

  it('gives a member only the dashboard, its home page, the pages every account reaches, its approvals and the study pages', async () => {
    const nodes = await tree('member');
    expect(nodes).toHaveLength(6);
    expect(paths(nodes)).toEqual(['/dashboard', '/dashboard/home', ...EVERYONE]);
    expect(nodes[0]!.children[0]!.meta).toMatchObject({ title: '工作台', isAffix: true });
  });

  it("drops a menu disabled by the super admin from another user's next tree", async () => {
    const home = await menuId('menu:home');
    expect(paths(await tree('admin'))).toContain('/dashboard/home'); // warm every cache first
    const off = await t.call('POST', '/api/sysMenu/setStatus', tokens.superAdmin, { id: home, status: 2 });
    expect(off.statusCode).toBe(200);
    expect(paths(await tree('admin'))).not.toContain('/dashboard/home');
    expect(paths(await tree('member'))).toEqual(['/dashboard', ...EVERYONE]);
    await t.call('POST', '/api/sysMenu/setStatus', tokens.superAdmin, { id: home, status: 1 });
    expect(paths(await tree('admin'))).toContain('/dashboard/home');
  });

  it('hides the directories under a disabled one', async () => {
    const dashboard = await menuId('menu:dashboard');
    await t.call('POST', '/api/sysMenu/setStatus', tokens.superAdmin, { id: dashboard, status: 2 });
    expect(paths(await tree('member'))).toEqual(EVERYONE);
    await t.call('POST', '/api/sysMenu/setStatus', tokens.superAdmin, { id: dashboard, status: 1 });
    expect(paths(await tree('member'))).toEqual(['/dashboard', '/dashboard/home', ...EVERYONE]);
  });

  it('shows a menu granted to a role only when the tenant holds it too', async () => {
    const add = await t.call('POST', '/api/sysMenu/add', tokens.superAdmin, {
      pid: await menuId('menu:dashboard'),
      type: 2,
      title: 'Reports',
      name: 'reports',
      path: '/dashboard/reports',
      component: '/reports/index',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;
    expect(paths(await tree('superAdmin'))).toContain('/dashboard/reports');
    const selfRole = '1300000000404'; // sys_self, the member's role
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleMenu')
        .values({ tenantId: SEED_IDS.tenant, roleId: selfRole, menuId: id })
        .execute(),
    );
    await t.ctx.sessions.touchMenus();
    expect(paths(await tree('member'))).not.toContain('/dashboard/reports');
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.insertInto('sysTenantMenu').values({ tenantId: SEED_IDS.tenant, menuId: id }).execute(),
    );
    await t.ctx.sessions.touchMenus();
    expect(paths(await tree('member'))).toEqual([
      '/dashboard',
      '/dashboard/home',
      '/dashboard/reports',
      ...EVERYONE,
    ]);

    // Deleting the menu removes its tenant and role grants with it.
    expect((await t.call('POST', '/api/sysMenu/delete', tokens.superAdmin, { id })).statusCode).toBe(200);
    const grants = await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => [
      ...(await trx.selectFrom('sysTenantMenu').select('menuId').where('menuId', '=', id).execute()),
      ...(await trx.selectFrom('sysRoleMenu').select('menuId').where('menuId', '=', id).execute()),
    ]);
    expect(grants).toEqual([]);
    expect(paths(await tree('member'))).toEqual(['/dashboard', '/dashboard/home', ...EVERYONE]);
  });
});

describe('sysMenu/ownBtnPermList', () => {
  it("lists the principal's button codes", async () => {
    const res = await t.call('GET', '/api/sysMenu/ownBtnPermList', tokens.superAdmin);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual(expect.arrayContaining(['sysMenu:add', 'sysMenu:list']));
    // A member holds the buttons of the study and approval pages its role starts with, and nothing else.
    const member = (await t.call('GET', '/api/sysMenu/ownBtnPermList', tokens.member)).json()
      .result as string[];
    expect(member).toEqual(
      expect.arrayContaining(['aiChat:chat', 'stuWorkFlow:solve', 'stuQuestionBank:page']),
    );
    expect(
      member.filter(
        (code) =>
          !/^(aiChat|stuWorkFlow|stuWorkFlowReport|stuWorkFlowPaper|stuQuestionBank|stuInfo|approvalInstance):/.test(
            code,
          ),
      ),
    ).toEqual([]);
    expect((await t.call('GET', '/api/sysMenu/ownBtnPermList')).statusCode).toBe(401);
  });
});

describe('sysMenu/list', () => {
  it('gives the super admin the whole tree, buttons included', async () => {
    const res = await t.call('GET', '/api/sysMenu/list', tokens.superAdmin);
    expect(res.statusCode).toBe(200);
    const nodes: Node[] = res.json().result;
    const platform = nodes.find((n) => n.path === '/platform')!;
    expect(platform).toMatchObject({ key: 'menu:platform', scope: 'platform', type: 1, status: 1 });
    const menu = platform.children.find((n) => n.path === '/platform/menu')!;
    expect(menu.children.map((b) => (b as unknown as { permission: string }).permission)).toEqual([
      'sysMenu:list',
      'sysMenu:add',
      'sysMenu:update',
      'sysMenu:delete',
      'sysMenu:setStatus',
    ]);
    expect(flatten(nodes).find((n) => n.path === '/dashboard')).toBeDefined();
  });

  it('filters by Title (contains) and Type, listing the matches flat', async () => {
    const byTitle = await t.call(
      'GET',
      `/api/sysMenu/list?Title=${encodeURIComponent('菜单管理')}`,
      tokens.superAdmin,
    );
    expect(byTitle.json().result.map((n: Node) => n.path)).toEqual(['/platform/menu']);
    expect(byTitle.json().result[0].children).toEqual([]);
    // Contains, not equals: 菜单 also finds the 授权菜单 buttons of the role and tenant pages, and
    // the nested-menu demo (menus-demo.ts).
    const contains: { title: string }[] = (
      await t.call('GET', `/api/sysMenu/list?Title=${encodeURIComponent('菜单')}`, tokens.superAdmin)
    ).json().result;
    expect(contains.map((n) => n.title).sort()).toEqual(
      [
        '同步授权菜单',
        '授权菜单',
        '授权菜单',
        '菜单管理',
        ...['菜单嵌套', '菜单1', '菜单11', '菜单12', '菜单121', '菜单122', '菜单13', '菜单2'],
      ].sort(),
    );
    const buttons: Node[] = (await t.call('GET', '/api/sysMenu/list?Type=3', tokens.superAdmin)).json()
      .result;
    expect(buttons.length).toBeGreaterThan(5);
    expect(buttons.every((n) => n.type === 3 && n.children.length === 0)).toBe(true);
    const alias: Node[] = (await t.call('GET', '/api/sysMenu/list?type=1', tokens.superAdmin)).json().result;
    expect(alias.every((n) => n.type === 1)).toBe(true);
    const none = await t.call('GET', '/api/sysMenu/list?Title=nothing-matches&All=false', tokens.superAdmin);
    expect(none.json().result).toEqual([]);
  });

  it('answers 401, 403 for accounts without the permission, 400 naming a bad field, and ignores unknown ones', async () => {
    expect((await t.call('GET', '/api/sysMenu/list')).statusCode).toBe(401);
    expect((await t.call('GET', '/api/sysMenu/list', tokens.member)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/sysMenu/list', tokens.admin)).statusCode).toBe(403);
    const bad = await t.call('GET', '/api/sysMenu/list?Type=9', tokens.superAdmin, undefined, en);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Type');
    const unknown = await t.call('GET', '/api/sysMenu/list?Foo=1', tokens.superAdmin, undefined, en);
    expect(unknown.statusCode).toBe(200);
  });
});
