import { CONST_TYPES } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let member: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

describe('sysConst/list', () => {
  it('lists every constant type with localized names, to any signed-in account', async () => {
    const res = await t.call('GET', '/api/sysConst/list', member, undefined, en);
    expect(res.statusCode).toBe(200);
    const list = res.json().result;
    expect(list.map((c: { code: string }) => c.code)).toEqual(Object.keys(CONST_TYPES));
    expect(list.find((c: { code: string }) => c.code === 'Status')).toEqual({
      name: 'Status',
      code: 'Status',
      data: [
        { code: 'Enable', name: 'Enabled', value: 1 },
        { code: 'Disable', name: 'Disabled', value: 2 },
      ],
    });
    const yesNo = list.find((c: { code: string }) => c.code === 'YesNo');
    expect(yesNo.data[0]).toEqual({ code: 'Y', name: 'Yes', value: 'Y' });
  });

  it('follows Accept-Language (zh-CN falls back to English until its catalog lands)', async () => {
    const res = await t.call('GET', '/api/sysConst/list', member, undefined, { 'accept-language': 'zh-CN' });
    expect(res.statusCode).toBe(200);
    for (const type of res.json().result) {
      expect(type.name).not.toMatch(/^enum\./);
      for (const item of type.data) expect(item.name).not.toMatch(/^enum\./);
    }
  });

  it('answers 401 without a token and ignores an unknown query field', async () => {
    expect((await t.call('GET', '/api/sysConst/list')).statusCode).toBe(401);
    const extra = await t.call('GET', '/api/sysConst/list?foo=1', member, undefined, en);
    expect(extra.statusCode).toBe(200);
  });
});

describe('sysConst/data/:typeName', () => {
  it('returns the items of one type', async () => {
    const res = await t.call('GET', '/api/sysConst/data/AccountType', member, undefined, en);
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toEqual([
      { code: 'SuperAdmin', name: 'Super administrator', value: 999 },
      { code: 'SysAdmin', name: 'System administrator', value: 888 },
      { code: 'NormalUser', name: 'Normal account', value: 777 },
      { code: 'Member', name: 'Member', value: 666 },
      { code: 'Other', name: 'Other', value: 555 },
    ]);
  });

  it('answers 404 for an unknown type, including inherited object keys', async () => {
    for (const name of ['Nope', 'constructor', 'toString']) {
      const res = await t.call('GET', `/api/sysConst/data/${name}`, member, undefined, en);
      expect([name, res.statusCode]).toEqual([name, 404]);
    }
    const res = await t.call('GET', '/api/sysConst/data/Nope', member, undefined, en);
    expect(res.json().message).toBe('Constant type Nope does not exist.');
  });

  it('answers 401 without a token and 400 naming a malformed type name', async () => {
    expect((await t.call('GET', '/api/sysConst/data/Status')).statusCode).toBe(401);
    const bad = await t.call('GET', '/api/sysConst/data/a-b', member, undefined, en);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('typeName');
  });
});
