import { MenuType } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { OTHER_TENANT, seedOtherTenant } from '../sys-dict-type/dict-test-kit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedOtherTenant(t);
  // A tenant that was granted no menu at all, with an account holding no role.
  await t.ctx.db.platform(async (trx) => {
    await trx
      .insertInto('sysUser')
      .values({
        id: '1300000009401',
        tenantId: OTHER_TENANT,
        account: 'loner',
        password: await hashPassword(DEMO_PASSWORD),
        accountType: 777,
      })
      .execute();
  });
});
afterAll(async () => t?.close());

interface Node {
  path: string | null;
  children?: Node[];
}
const paths = (nodes: Node[]): string[] => nodes.flatMap((n) => [n.path ?? '', ...paths(n.children ?? [])]);

describe('pages every signed-in account reaches', () => {
  it('shows the personal centre and the about page to an account of any role', async () => {
    for (const account of ['member', 'staff', 'admin', 'superAdmin']) {
      const { accessToken } = await t.login(account);
      const tree = (await t.call('GET', '/api/sysMenu/loginMenuTree', accessToken)).json().result as Node[];
      expect([account, paths(tree)]).toEqual([
        account,
        expect.arrayContaining(['/system/userCenter', '/about']),
      ]);
    }
  });

  it('shows them in a tenant that holds no menus, to an account with no role, and nothing else', async () => {
    const { accessToken } = await t.login('loner', DEMO_PASSWORD, OTHER_TENANT);
    const tree = (await t.call('GET', '/api/sysMenu/loginMenuTree', accessToken)).json().result as Node[];
    expect(paths(tree).sort()).toEqual([
      '/about',
      '/doc',
      '/doc/guide',
      '/system',
      '/system/inbox',
      '/system/userCenter',
    ]);
    // No buttons come with them.
    expect((await t.call('GET', '/api/sysAuth/userInfo', accessToken)).json().result.apis).toEqual([]);
  });

  it('does not show them once an administrator disables them', async () => {
    await t.ctx.db.platform((trx) =>
      trx
        .updateTable('sysMenu')
        .set({ status: 2 })
        .where('key', '=', 'menu:about')
        .where('type', '=', MenuType.Menu)
        .execute(),
    );
    await t.ctx.sessions.touchMenus();
    const { accessToken } = await t.login('member');
    const tree = (await t.call('GET', '/api/sysMenu/loginMenuTree', accessToken)).json().result as Node[];
    expect(paths(tree)).not.toContain('/about');
    expect(paths(tree)).toContain('/system/userCenter');
  });
});
