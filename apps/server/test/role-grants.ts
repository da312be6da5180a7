import { SEED_IDS, type TestApp } from './harness.js';

/**
 * Gives a seeded role of the demo tenant the buttons whose permission codes match `permission` (a
 * LIKE pattern: `sysPos:%`, or one code), optionally with a data scope, and marks every cached
 * principal stale so the next sign-in or request sees it. Tests that need an account with a narrower
 * reach than the administrator's grant it this way.
 */
export async function grantButtons(
  t: TestApp,
  roleId: string,
  permission: string,
  dataScope?: number,
): Promise<void> {
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const buttons = await trx
      .selectFrom('sysMenu')
      .select('id')
      .where('permission', 'like', permission)
      .execute();
    await trx
      .insertInto('sysRoleMenu')
      .values(buttons.map((b) => ({ tenantId: SEED_IDS.tenant, roleId, menuId: b.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (dataScope !== undefined) {
      await trx.updateTable('sysRole').set({ dataScope }).where('id', '=', roleId).execute();
    }
  });
  await t.ctx.sessions.touchMenus();
  await t.ctx.tenants.invalidate(SEED_IDS.tenant);
}
