import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from './harness.js';

/**
 * Two API processes on one PostgreSQL and one Redis (ARCHITECTURE section 6): what one process
 * changes, the other enforces on its next request, although each keeps principals in memory.
 */
const clustered = process.env.LINTEL_TEST_DB === 'postgres' && !!process.env.LINTEL_TEST_REDIS;

describe.skipIf(!clustered)('two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('accepts a session opened on the other process', async () => {
    const { accessToken } = await a.login('staff');
    expect((await b.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(200);
  });

  it('enforces a logout done on the other process', async () => {
    const { accessToken } = await a.login('staff');
    expect((await b.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(200);
    expect((await a.call('POST', '/api/sysAuth/logout', accessToken)).statusCode).toBe(200);
    expect((await b.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(401);
  });

  it('applies a grant made through the other process on the next request', async () => {
    const { accessToken } = await a.login('member');
    expect((await b.call('GET', '/api/sysDictType/list', accessToken)).statusCode).toBe(403);
    const menus = await a.ctx.db.global
      .selectFrom('sysMenu')
      .select('id')
      .where((eb) => eb.or([eb('key', '=', 'menu:sysDict'), eb('permission', '=', 'sysDictType:list')]))
      .execute();
    await a.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysRoleMenu')
        .values(menus.map((m) => ({ tenantId: SEED_IDS.tenant, roleId: '1300000000404', menuId: m.id })))
        .execute(),
    );
    await a.ctx.tenants.invalidate(SEED_IDS.tenant);
    expect((await b.call('GET', '/api/sysDictType/list', accessToken)).statusCode).toBe(200);
  });

  it('signs out everywhere an account disabled on the other process', async () => {
    const { accessToken } = await a.login('member');
    expect((await b.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(200);
    await a.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 2 }).where('id', '=', SEED_IDS.member).execute(),
    );
    await a.ctx.sessions.touchUser(SEED_IDS.member);
    expect((await b.call('GET', '/api/sysAuth/userInfo', accessToken)).statusCode).toBe(401);
  });
});
