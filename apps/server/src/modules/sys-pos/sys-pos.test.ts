import { DataScope } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { grantButtons } from '../../../test/role-grants.js';

const STAFF_ROLE = '1300000000402'; // sys_deptChild, the staff account's role (organisation 开发部)
const INTERN = '1300000000307';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

type PosRow = { id: string; name: string; staffCount: number };
const list = async (token: string) =>
  (await t.call('GET', '/api/sysPos/list', token)).json().result as PosRow[];

/** Puts the demo accounts into positions: staff (开发部) and member (其他) both as interns. */
async function assignInterns() {
  await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx.updateTable('sysUser').set({ posId: INTERN }).where('account', 'in', ['staff', 'member']).execute(),
  );
}

describe('sysPos', () => {
  it('adds, updates, refuses duplicates and lists with staff counts', async () => {
    const add = await t.call('POST', '/api/sysPos/add', admin, {
      name: '安全员',
      code: 'safety',
      orderNo: 5,
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;
    expect((await t.call('POST', '/api/sysPos/add', admin, { name: 'x', code: 'safety' })).statusCode).toBe(
      409,
    );
    const update = await t.call('POST', '/api/sysPos/update', admin, {
      id,
      name: '安全主任',
      code: 'safety',
    });
    expect(update.statusCode).toBe(200);
    const rows = await list(admin);
    expect(rows[0]).toMatchObject({ id, name: '安全主任', staffCount: 0 });
    expect((await t.call('POST', '/api/sysPos/delete', admin, { id })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/sysPos/delete', admin, { id })).statusCode).toBe(404);
  });

  it('counts and lists holders, main and affiliated, and refuses deleting a held position', async () => {
    await assignInterns();
    const affiliated = await t.call('POST', '/api/sysPos/add', admin, { name: '兼职讲师', code: 'lecturer' });
    const lecturer = affiliated.json().result as string;
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysUserExtOrg')
        .values({
          id: '1300000009901',
          tenantId: SEED_IDS.tenant,
          userId: SEED_IDS.admin,
          orgId: SEED_IDS.rootOrg,
          posId: lecturer,
        })
        .execute(),
    );
    const rows = await list(admin);
    expect(rows.find((r) => r.id === INTERN)?.staffCount).toBe(2);
    expect(rows.find((r) => r.id === lecturer)?.staffCount).toBe(1);

    const staff = (await t.call('GET', `/api/sysPos/staff?Id=${INTERN}`, admin)).json().result;
    expect(staff.map((s: { account: string }) => s.account).sort()).toEqual(['member', 'staff']);
    expect(staff.every((s: { main: boolean }) => s.main)).toBe(true);
    const lecturers = (await t.call('GET', `/api/sysPos/staff?Id=${lecturer}`, admin)).json().result;
    expect(lecturers).toEqual([expect.objectContaining({ account: 'admin', main: false })]);

    const refused = await t.call(
      'POST',
      '/api/sysPos/delete',
      admin,
      { id: INTERN },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(
      'Accounts still hold this position; give them another position first.',
    );
  });

  it('counts only the accounts inside the caller’s data scope', async () => {
    await assignInterns();
    await grantButtons(t, STAFF_ROLE, 'sysPos:%', DataScope.Dept);
    const staff = (await t.login('staff')).accessToken;
    // The member (organisation 其他) is outside the staff account's department.
    expect((await list(staff)).find((r) => r.id === INTERN)?.staffCount).toBe(1);
    const holders = (await t.call('GET', `/api/sysPos/staff?Id=${INTERN}`, staff)).json().result;
    expect(holders.map((s: { account: string }) => s.account)).toEqual(['staff']);
  });

  it('answers 404 for an unknown position and a 400 naming a missing field', async () => {
    expect((await t.call('GET', '/api/sysPos/staff?Id=42', admin)).statusCode).toBe(404);
    const missing = await t.call('POST', '/api/sysPos/add', admin, { name: 'x' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/code/);
  });
});
