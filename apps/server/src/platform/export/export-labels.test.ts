import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';

let t: TestApp;
let admin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  superAdmin = (await t.login('superAdmin')).accessToken;
  // Something for the logs to hold: an added and an updated position.
  const id = (await t.call('POST', '/api/sysPos/add', admin, { name: 'Welder', code: 'welder' })).json()
    .result;
  await t.call('POST', '/api/sysPos/update', admin, { id, name: 'Welder', code: 'welder', remark: 'night' });
  await t.ctx.audit.flush();
});
afterAll(async () => t?.close());

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const cols = (...keys: string[]) => keys.map((key) => ({ key, title: key }));

/** The CSV rows of an export as objects by column key. */
async function exported(token: string, list: string, body: object, language = 'en') {
  const res = await t.call(
    'POST',
    `/api/${list}/export`,
    token,
    { format: 'csv', ...body },
    {
      'accept-language': language,
    },
  );
  expect(res.statusCode, res.body).toBe(200);
  const [head, ...lines] = csvLines(res.body);
  const keys = head!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((v, i) => [keys[i], v])));
}

describe('exports write what a person reads, not the codes of the API', () => {
  it('accounts: account type, gender, status and lock as labels, times as local date and time', async () => {
    const rows = await exported(admin, 'sysUser', {
      columns: cols('account', 'accountType', 'sex', 'status', 'locked', 'createTime'),
      account: 'admin',
    });
    const row = rows.find((r) => r.account === 'admin')!;
    expect(row).toMatchObject({ accountType: 'System administrator', status: 'Enabled', locked: 'No' });
    expect(['Male', 'Female', 'Unknown', 'Unspecified']).toContain(row.sex);
    expect(row.createTime).toMatch(LOCAL_TIME);

    const zh = await exported(
      admin,
      'sysUser',
      { columns: cols('account', 'accountType', 'status') },
      'zh-CN',
    );
    expect(zh.find((r) => r.account === 'admin')).toMatchObject({
      accountType: '系统管理员',
      status: '启用',
    });
    expect(zh.find((r) => r.account === 'superAdmin')).toMatchObject({ accountType: '超级管理员' });
  });

  it('positions, roles and tenants: status, data scope, isolation and flags as labels', async () => {
    const [pos] = await exported(admin, 'sysPos', {
      columns: cols('name', 'status', 'createTime'),
      name: 'Welder',
    });
    expect(pos).toMatchObject({ name: 'Welder', status: 'Enabled' });
    expect(pos!.createTime).toMatch(LOCAL_TIME);

    const roles = await exported(admin, 'sysRole', {
      columns: cols('code', 'dataScope', 'isSystem', 'status'),
    });
    expect(roles.find((r) => r.code === 'sys_admin')).toEqual({
      code: 'sys_admin',
      dataScope: 'All data',
      isSystem: 'Yes',
      status: 'Enabled',
    });

    const tenants = await exported(
      superAdmin,
      'sysTenant',
      {
        columns: cols('name', 'tenantType', 'status', 'enableReg', 'createTime'),
      },
      'de',
    );
    expect(tenants[0]).toMatchObject({
      tenantType: 'Gemeinsame Datenbank',
      status: 'Aktiviert',
      enableReg: 'Nein',
    });
    expect(tenants[0]!.createTime).toMatch(LOCAL_TIME);
  });

  it('logs: success as yes or no, the kind of change as its word, times local', async () => {
    const ops = await exported(admin, 'sysLogOp', {
      columns: cols('url', 'success', 'createTime'),
      url: 'sysPos',
    });
    expect(ops.map((r) => r.success)).toEqual(['Yes', 'Yes']);
    expect(ops[0]!.createTime).toMatch(LOCAL_TIME);

    const diffs = await exported(admin, 'sysLogDiff', {
      columns: cols('operation', 'createTime'),
      tableName: 'sysPos',
    });
    expect(diffs.map((r) => r.operation)).toEqual(['Modified', 'Added']);
    expect(diffs[0]!.createTime).toMatch(LOCAL_TIME);
  });
});
