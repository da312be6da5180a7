import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { configBool, configInt } from './config-values.js';

let t: TestApp;
let superAdmin: string;
let admin: string;
const en = { 'accept-language': 'en' };
const api = (action: string) => `/api/sysConfig/${action}`;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

type Row = { id: string; code: string; value: string | null; sysFlag: string; groupCode: string };
const rows = async (body: object = {}) => {
  const res = await t.call('POST', api('list'), superAdmin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Row[];
};
const byCode = async (code: string) => (await rows({ code })).find((r) => r.code === code)!;

describe('sysConfig: the items, by group', () => {
  it('lists the seeded system items, pages, groups and details them', async () => {
    const retention = await byCode('sys_log_retention_days');
    expect(retention).toMatchObject({ value: '180', sysFlag: 'Y', groupCode: 'Default' });

    const page = await t.call('POST', api('page'), superAdmin, { pageSize: 5, code: 'sys_' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().result.items).toHaveLength(5);
    expect(page.json().result.total).toBeGreaterThanOrEqual(12);

    const groups = await t.call('GET', api('groupList'), superAdmin);
    expect(groups.json().result).toEqual(['Default']);

    const detail = await t.call('GET', `${api('detail')}?id=${retention.id}`, superAdmin);
    expect(detail.json().result).toMatchObject({ code: 'sys_log_retention_days', value: '180' });
    expect((await t.call('GET', `${api('detail')}?id=1`, superAdmin, undefined, en)).statusCode).toBe(404);
  });

  it('adds, updates and deletes an operator item in a group of its own', async () => {
    const added = await t.call('POST', api('add'), superAdmin, {
      name: 'Support mail',
      code: 'support_mail',
      value: 'help@example.com',
      groupCode: 'Contact',
      remark: ' ',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result as string;
    expect(await byCode('support_mail')).toMatchObject({ id, sysFlag: 'N', groupCode: 'Contact' });
    expect((await rows({ groupCode: 'Contact' })).map((r) => r.code)).toEqual(['support_mail']);
    expect((await t.call('GET', api('groupList'), superAdmin)).json().result).toEqual(['Contact', 'Default']);

    const dup = await t.call(
      'POST',
      api('add'),
      superAdmin,
      { name: 'x', code: 'support_mail', value: '' },
      en,
    );
    expect(dup.statusCode).toBe(409);

    const upd = await t.call('POST', api('update'), superAdmin, {
      id,
      name: 'Support address',
      code: 'support_address',
      value: 'desk@example.com',
      groupCode: 'Contact',
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(await byCode('support_address')).toMatchObject({ value: 'desk@example.com' });

    expect((await t.call('POST', api('delete'), superAdmin, { id })).statusCode).toBe(200);
    expect(await byCode('support_address')).toBeUndefined();
  });

  it('keeps system items: no delete, no code change, only values their readers understand', async () => {
    const retention = await byCode('sys_log_retention_days');
    const del = await t.call('POST', api('delete'), superAdmin, { id: retention.id }, en);
    expect(del.statusCode).toBe(400);
    expect(del.json().message).toBe(
      'The system setting sys_log_retention_days is read by the product and cannot be deleted.',
    );
    const zh = await t.call('POST', api('delete'), superAdmin, { id: retention.id });
    expect(zh.json().message).toBe('系统参数 sys_log_retention_days 由系统读取，不能删除。');

    const rename = await t.call(
      'POST',
      api('update'),
      superAdmin,
      { id: retention.id, name: 'Retention', code: 'retention', value: '30' },
      en,
    );
    expect(rename.statusCode).toBe(400);
    expect(rename.json().message).toBe('The code of a system setting cannot change.');

    const bad = await t.call(
      'POST',
      api('update'),
      superAdmin,
      { id: retention.id, name: 'Retention', code: 'sys_log_retention_days', value: '18O' },
      en,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'The setting sys_log_retention_days takes a whole number from 1 to 3650.',
    );

    const badCode = await t.call(
      'POST',
      api('add'),
      superAdmin,
      { name: 'x', code: 'has space', value: 'v' },
      en,
    );
    expect(badCode.statusCode).toBe(400);
    expect(badCode.json().message).toMatch(/code/);

    const own = (
      await t.call('POST', api('add'), superAdmin, { name: 'Own', code: 'own_item', value: null })
    ).json().result as string;
    const batch = await t.call('POST', api('batchDelete'), superAdmin, { ids: [own, retention.id] }, en);
    expect(batch.json().result).toMatchObject({ total: 2, done: 1, failed: [{ id: retention.id }] });
    expect(await byCode('sys_log_retention_days')).toMatchObject({ value: '180' });
  });

  it('sets several values by code, all or none', async () => {
    const unknown = await t.call(
      'POST',
      api('batchUpdate'),
      superAdmin,
      [
        { code: 'sys_oplog', value: 'False' },
        { code: 'no_such_item', value: '1' },
      ],
      en,
    );
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('There is no setting with the code no_such_item.');
    expect(await byCode('sys_oplog')).toMatchObject({ value: 'True' });

    const badValue = await t.call(
      'POST',
      api('batchUpdate'),
      superAdmin,
      [{ code: 'sys_oplog', value: 'off' }],
      en,
    );
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().message).toBe('The setting sys_oplog takes True or False.');

    const set = await t.call('POST', api('batchUpdate'), superAdmin, [
      { code: 'sys_oplog', value: 'False' },
      { code: 'sys_sms_resend_wait', value: '90' },
    ]);
    expect(set.statusCode, set.body).toBe(200);
    expect(await byCode('sys_oplog')).toMatchObject({ value: 'False' });
    expect(await byCode('sys_sms_resend_wait')).toMatchObject({ value: '90' });
  });

  it('refuses a tenant administrator and an anonymous caller; sysFlag is not settable', async () => {
    for (const [method, action, body] of [
      ['POST', 'page', {}],
      ['POST', 'list', {}],
      ['GET', 'groupList', undefined],
      ['POST', 'add', { name: 'x', code: 'x', value: 'x' }],
      ['POST', 'batchUpdate', [{ code: 'sys_oplog', value: 'True' }]],
    ] as const) {
      const refused = await t.call(method, api(action), admin, body, en);
      expect(refused.statusCode, action).toBe(403);
      expect((await t.call(method, api(action), undefined, body)).statusCode, action).toBe(401);
    }
    // sysFlag is not the caller's to set: an added item is the operator's own, deletable.
    const extra = await t.call('POST', api('add'), superAdmin, {
      name: 'x',
      code: 'flagged',
      value: 'x',
      sysFlag: 'Y',
    });
    expect(extra.statusCode, extra.body).toBe(200);
    expect(await byCode('flagged')).toMatchObject({ sysFlag: 'N' });
    expect((await t.call('POST', api('delete'), superAdmin, { id: extra.json().result })).statusCode).toBe(
      200,
    );
  });
});

describe('configValue: the product reads its settings through the cache', () => {
  it('reads a value once, keeps it, and sees a value saved through sysConfig at once', async () => {
    expect(await configInt(t.ctx, 'sys_log_retention_days', 1)).toBe(180);
    // A change behind sysConfig's back is not seen while the value is cached …
    await t.ctx.db.tenant(DEFAULT_TENANT_ID, (trx) =>
      trx.updateTable('sysConfig').set({ value: '7' }).where('code', '=', 'sys_log_retention_days').execute(),
    );
    expect(await configInt(t.ctx, 'sys_log_retention_days', 1)).toBe(180);
    // … a change through sysConfig is.
    const retention = await byCode('sys_log_retention_days');
    await t.call('POST', api('update'), superAdmin, {
      id: retention.id,
      name: '日志保留天数',
      code: 'sys_log_retention_days',
      value: '90',
    });
    expect(await configInt(t.ctx, 'sys_log_retention_days', 1)).toBe(90);
    expect(await configInt(t.ctx, 'no_such_item', 42)).toBe(42);
    expect(await configBool(t.ctx, 'sys_captcha', false)).toBe(true);
  });
});

describe('sysConfig/sysInfo and saveSysInfo', () => {
  it('answers anyone with the host’s tenant information and whether to hide the tenant choice', async () => {
    const info = await t.call('GET', api('sysInfo'));
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().result).toMatchObject({ tenantId: DEFAULT_TENANT_ID, hideTenantForLogin: true });
    const viaTenant = (await t.call('GET', `/api/sysTenant/sysInfo/${DEFAULT_TENANT_ID}`)).json().result;
    expect(info.json().result).toEqual({ ...viaTenant, hideTenantForLogin: true });

    await t.call('POST', api('batchUpdate'), superAdmin, [{ code: 'sys_hide_tenant_login', value: 'False' }]);
    expect((await t.call('GET', api('sysInfo'))).json().result.hideTenantForLogin).toBe(false);

    const added = await t.call('POST', '/api/sysTenant/add', superAdmin, {
      name: 'Host shop',
      adminAccount: 'hostboss',
      phone: '13900006666',
      host: 'shop.example.com',
    });
    expect(added.statusCode, added.body).toBe(200);
    const hosted = await t.call('GET', api('sysInfo'), undefined, undefined, {
      host: 'SHOP.example.com:8080',
    });
    expect(hosted.json().result).toMatchObject({ tenantId: added.json().result, hideTenantForLogin: true });
  });

  it('saves the system information through the same action as sysTenant/saveSysInfo', async () => {
    const saved = await t.call('POST', api('saveSysInfo'), admin, { title: 'Config title' });
    expect(saved.statusCode, saved.body).toBe(200);
    const info = (await t.call('GET', `/api/sysTenant/sysInfo/${DEFAULT_TENANT_ID}`)).json().result;
    expect(info.title).toBe('Config title');
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', api('saveSysInfo'), member, { title: 'x' })).statusCode).toBe(403);
  });
});
