import { allPermissionCodes, isPermissionCode, isReadPermission } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from './harness.js';

/**
 * Every changing action is written to the operation log (SPEC 2 "Operation log"), found from the
 * route table and the typed registry's read marks: a module added tomorrow is covered the day it
 * registers a route. Each write route is called once by the super admin, whatever the outcome (a
 * refused call is an operation too), and must leave exactly one entry naming it.
 */
let t: TestApp;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => t?.close());

const entries = (url: string, permission: string) =>
  t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    const row = await trx
      .selectFrom('sysLogOp')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('url', '=', url)
      .where('permission', '=', permission)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  });

describe('the operation log', () => {
  it('finds each write code of the registry on a changing route (GETs under it only read for its dialog)', () => {
    const posted = new Set(t.app.routeTable.filter((r) => r.method === 'POST').map((r) => r.permission));
    const writes = allPermissionCodes().filter((code) => !isReadPermission(code));
    expect(writes.filter((code) => !posted.has(code))).toEqual([]);
  });

  it('records one entry for every call of every write route, refused or not', async () => {
    const writes = t.app.routeTable.filter(
      (r) => r.method === 'POST' && isPermissionCode(r.permission) && !isReadPermission(r.permission),
    );
    expect(writes.length).toBeGreaterThan(40);
    const missing: string[] = [];
    for (const route of writes) {
      const url = route.url.replace(/:(\w+)/g, '1300000000999');
      const before = await entries(route.url, route.permission);
      await t.call('POST', url, superAdmin, {});
      await t.ctx.audit.flush();
      const after = await entries(route.url, route.permission);
      if (after !== before + 1) missing.push(`${route.url} (${after - before} entries)`);
    }
    expect(missing).toEqual([]);
  });

  it('leaves reads out', async () => {
    const read = t.app.routeTable.find((r) => r.method === 'POST' && r.permission === 'sysUser:page')!;
    await t.call('POST', read.url, superAdmin, {});
    await t.ctx.audit.flush();
    expect(await entries(read.url, read.permission)).toBe(0);
  });
});
