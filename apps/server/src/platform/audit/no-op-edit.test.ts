import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

const DEV = '1300000000203'; // 开发部

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const post = async (url: string, body: object) => {
  const res = await t.call('POST', url, admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as unknown;
};

/** The difference log entries of one row, oldest first. */
async function entries(tableName: string, rowId: string) {
  await t.ctx.audit.flush();
  const page = (await post('/api/sysLogDiff/page', { tableName, rowId, pageSize: 50 })) as {
    items: { operation: string; changes: { field: string; before: unknown; after: unknown }[] }[];
  };
  return page.items.reverse();
}

describe('the difference log of an edit that changes nothing', () => {
  it('has no entry when a form sends empty text for a field stored as null', async () => {
    const id = (await post('/api/sysPos/add', { name: 'Surveyor', code: 'surveyor' })) as string;
    await post('/api/sysPos/update', { id, name: 'Surveyor', code: 'surveyor', remark: '', orderNo: 100 });
    expect((await entries('sysPos', id)).map((e) => e.operation)).toEqual(['insert']);
  });

  it('has no entry when an account is saved again as the edit form shows it, dates included', async () => {
    const id = (await post('/api/sysUser/add', {
      account: 'noop1',
      realName: 'No-op',
      orgId: DEV,
      birthday: '1990-05-06',
      joinDate: '2020-01-02',
      remark: 'first',
    })) as string;
    const detail = (await t.call('GET', `/api/sysUser/detail?id=${id}`, admin)).json().result;
    // What the edit form sends back: every field it shows, blanks as empty text.
    await post('/api/sysUser/update', {
      id,
      account: detail.account,
      realName: detail.realName,
      orgId: detail.orgId,
      birthday: detail.birthday,
      joinDate: detail.joinDate,
      remark: detail.remark,
      nickName: '',
      email: '',
      address: null,
      roleIdList: detail.roleIdList,
    });
    expect((await entries('sysUser', id)).map((e) => e.operation)).toEqual(['insert']);

    // A real change is still recorded, naming only the field that changed.
    await post('/api/sysUser/update', {
      id,
      account: detail.account,
      realName: detail.realName,
      orgId: detail.orgId,
      birthday: '1990-05-07',
    });
    const [, change] = await entries('sysUser', id);
    expect(change?.changes).toEqual([{ field: 'birthday', before: '1990-05-06', after: '1990-05-07' }]);
  });
});
