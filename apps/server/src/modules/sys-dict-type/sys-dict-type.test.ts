import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../platform/http/errors.js';
import {
  expectAnonymousRefused,
  expectBadField,
  expectForbidden,
  OTHER_CODE,
  OTHER_TYPE,
  seedOtherTenant,
  storedItem,
  storedType,
  type Endpoint,
} from './dict-test-kit.js';
import { SysDictTypeRepo } from './sys-dict-type.repo.js';

let t: TestApp;
let admin: string;
let member: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  await seedOtherTenant(t);
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

const api = (action: string) => `/api/sysDictType/${action}`;
const post = (action: string, body: object): Endpoint => ({ method: 'POST', url: api(action), body });
const get = (url: string): Endpoint => ({ method: 'GET', url });
const add = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', api('add'), admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const detail = async (id: string) => (await t.call('GET', `${api('detail')}?Id=${id}`, admin)).json().result;

const CODED: Endpoint[] = [
  { method: 'POST', url: api('page'), body: {} },
  { method: 'GET', url: api('list') },
  { method: 'GET', url: `${api('detail')}?Id=${SEED_IDS.tenant}` },
  { method: 'POST', url: api('add'), body: { name: 'x', code: 'x' } },
  { method: 'POST', url: api('update'), body: { id: OTHER_TYPE, name: 'x', code: 'x' } },
  { method: 'POST', url: api('delete'), body: { id: OTHER_TYPE } },
  { method: 'POST', url: api('setStatus'), body: { id: OTHER_TYPE, status: 2 } },
];
const OPEN: Endpoint[] = [
  { method: 'GET', url: api('allDictList') },
  { method: 'GET', url: `${api('dataList')}?Code=StatusEnum` },
];

describe('sysDictType access', () => {
  it('answers 401 without a token on every endpoint', async () => {
    await expectAnonymousRefused(t, [...CODED, ...OPEN]);
  });

  it('answers 403 to the member account on every coded endpoint', async () => {
    await expectForbidden(t, member, CODED);
  });

  it('serves allDictList and dataList to any signed-in account', async () => {
    for (const { url } of OPEN) expect((await t.call('GET', url, member)).statusCode).toBe(200);
  });

  it('answers 400 naming the bad field on every endpoint', async () => {
    const cases: [string, Endpoint][] = [
      ['pageSize', post('page', { pageSize: 0 })],
      ['password', post('page', { field: 'password' })],
      ['Id', get(api('detail'))],
      ['Status', get(`${api('detail')}?Id=1&Status=5`)],
      ['Code', get(api('dataList'))],
      ['name', post('add', { code: 'a_b' })],
      ['code', post('add', { name: 'n', code: 'a b' })],
      ['id', post('update', { name: 'n', code: 'ab' })],
      ['id', post('delete', { id: 'abc' })],
      ['status', post('setStatus', { id: '1', status: 3 })],
    ];
    for (const [field, endpoint] of cases) await expectBadField(t, admin, endpoint, field);
    // Undeclared fields are dropped, not refused (ARCHITECTURE 5: Admin.NET's clients send extras).
    for (const url of [`${api('list')}?foo=1`, `${api('allDictList')}?x=1`])
      expect((await t.call('GET', url, admin)).statusCode, url).toBe(200);
  });
});

describe('sysDictType reads', () => {
  it('pages with name/code filters (contains, case-insensitive) and an allowed sort', async () => {
    const res = await t.call('POST', api('page'), admin, { code: 'ENUM', field: 'code', order: 'ascending' });
    expect(res.statusCode).toBe(200);
    const page = res.json().result;
    expect(page).toMatchObject({ page: 1, pageSize: 20, total: 9, totalPages: 1, hasNextPage: false });
    const codes = page.items.map((i: { code: string }) => i.code);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toContain('AccountTypeEnum');
    const byName = (await t.call('POST', api('page'), admin, { name: '机构' })).json().result;
    expect(byName.items.map((i: { code: string }) => i.code)).toEqual(['org_type']);
    const wild = (await t.call('POST', api('page'), admin, { code: '%' })).json().result;
    expect(wild.total).toBe(0);
  });

  it('lists every type of the tenant and none of another', async () => {
    const res = await t.call('GET', api('list'), admin);
    const codes = res.json().result.map((i: { code: string }) => i.code);
    expect(codes).toEqual(expect.arrayContaining(['StatusEnum', 'YesNoEnum', 'org_type']));
    expect(codes).not.toContain(OTHER_CODE);
  });

  it('returns one type by id, honouring an optional status', async () => {
    const list = (await t.call('GET', api('list'), admin)).json().result;
    const status = list.find((i: { code: string }) => i.code === 'StatusEnum');
    const res = await t.call('GET', `${api('detail')}?Id=${status.id}`, admin);
    expect(res.json().result).toMatchObject({ id: status.id, code: 'StatusEnum', sysFlag: 'Y', status: 1 });
    expect(res.json().result.createTime).toMatch(/^\d{4}-\d\d-\d\dT.*[+-]\d\d:\d\d$/);
    expect((await t.call('GET', `${api('detail')}?Id=${status.id}&Status=1`, admin)).statusCode).toBe(200);
    expect((await t.call('GET', `${api('detail')}?Id=${status.id}&Status=2`, admin)).statusCode).toBe(404);
  });

  it('maps every enabled type to its enabled items in order (allDictList)', async () => {
    const all = (await t.call('GET', api('allDictList'), member)).json().result;
    expect(Object.keys(all)).toEqual(expect.arrayContaining(['AccountTypeEnum', 'StatusEnum', 'org_type']));
    expect(all[OTHER_CODE]).toBeUndefined();
    expect(all.StatusEnum.map((i: { value: string }) => i.value)).toEqual(['1', '2']);
    expect(all.StatusEnum[0]).toEqual({
      id: expect.any(String),
      dictTypeId: expect.any(String),
      typeCode: 'StatusEnum',
      value: '1',
      label: '启用',
      tagType: 'success',
      styleSetting: null,
      classSetting: null,
      code: 'Enable',
      name: '启用',
      desc: null,
      orderNo: 100,
      status: 1,
      extData: null,
    });
  });

  it('returns the enabled items of one type by code, 404 for an unknown code (dataList)', async () => {
    const res = await t.call('GET', `${api('dataList')}?Code=org_type`, member);
    expect(res.json().result.map((i: { code: string }) => i.code)).toEqual([
      'group',
      'company',
      'department',
      'team',
      'school',
      'class',
    ]);
    const missing = await t.call('GET', `${api('dataList')}?Code=nope`, admin, undefined, en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Dictionary type nope does not exist.');
    expect((await t.call('GET', `${api('dataList')}?Code=${OTHER_CODE}`, admin)).statusCode).toBe(404);
  });
});

describe('sysDictType writes', () => {
  it('adds a type with audit columns and refuses a duplicate code with 409', async () => {
    const id = await add({ name: 'Colours', code: 'colour', remark: 'r', orderNo: 5 });
    expect(await detail(id)).toMatchObject({
      name: 'Colours',
      code: 'colour',
      orderNo: 5,
      remark: 'r',
      status: 1,
      sysFlag: 'N',
      createUserId: SEED_IDS.admin,
      createUserName: '系统管理员',
    });
    const dup = await t.call('POST', api('add'), admin, { name: 'Again', code: 'colour' }, en);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The code colour already exists.');
    // Codes are unique per tenant only: another tenant's code is free here.
    await add({ name: 'Mine', code: OTHER_CODE });
  });

  it('answers 409 when a concurrent insert takes the code first (unique index)', async () => {
    const repo = new SysDictTypeRepo();
    const row = { id: '1300000008001', tenantId: SEED_IDS.tenant, name: 'Race', code: 'StatusEnum' };
    const error = await t.ctx.db
      .tenant(SEED_IDS.tenant, (trx) => repo.insert(trx, row))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, key: 'crud.duplicateCode' });
  });

  it('updates a type with audit columns; built-in codes are fixed; codes stay unique', async () => {
    const id = await add({ name: 'Sizes', code: 'size' });
    const res = await t.call('POST', api('update'), admin, { id, name: 'Sizes 2', code: 'size2', status: 2 });
    expect(res.statusCode).toBe(200);
    const after = await detail(id);
    expect(after).toMatchObject({ name: 'Sizes 2', code: 'size2', status: 2, updateUserId: SEED_IDS.admin });
    expect(after.updateTime).toBeTypeOf('string');
    const dup = await t.call('POST', api('update'), admin, { id, name: 'x', code: 'StatusEnum' });
    expect(dup.statusCode).toBe(409);

    const builtIn = (await t.call('GET', api('list'), admin))
      .json()
      .result.find((i: { code: string }) => i.code === 'YesNoEnum');
    const renamed = await t.call('POST', api('update'), admin, {
      id: builtIn.id,
      name: 'Yes/No',
      code: 'YesNoEnum',
    });
    expect(renamed.statusCode).toBe(200);
    const recoded = await t.call('POST', api('update'), admin, { id: builtIn.id, name: 'x', code: 'yn' }, en);
    expect(recoded.statusCode).toBe(400);
    expect(recoded.json().message).toBe('The code of a built-in dictionary cannot be changed.');
  });

  it('deletes a type with its items; built-in types cannot be deleted', async () => {
    const id = await add({ name: 'Temp', code: 'temp' });
    const item = await t.call('POST', '/api/sysDictData/add', admin, {
      dictTypeId: id,
      label: 'A',
      value: 'a',
    });
    expect(item.statusCode).toBe(200);
    expect((await t.call('POST', api('delete'), admin, { id })).statusCode).toBe(200);
    expect(await storedType(t, id)).toBeUndefined();
    expect(await storedItem(t, item.json().result)).toBeUndefined();
    expect((await t.call('POST', api('delete'), admin, { id })).statusCode).toBe(404);

    const builtIn = (await t.call('GET', api('list'), admin))
      .json()
      .result.find((i: { code: string }) => i.code === 'GenderEnum');
    const refused = await t.call('POST', api('delete'), admin, { id: builtIn.id }, en);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Built-in records cannot be deleted.');
  });

  it('sets the status; a disabled type leaves allDictList and dataList at once', async () => {
    const id = await add({ name: 'Flags', code: 'flags' });
    await t.call('POST', '/api/sysDictData/add', admin, { dictTypeId: id, label: 'On', value: 'on' });
    expect((await t.call('GET', api('allDictList'), admin)).json().result.flags).toHaveLength(1);
    const res = await t.call('POST', api('setStatus'), admin, { id, status: 2 });
    expect(res.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({ status: 2, updateUserName: '系统管理员' });
    expect((await t.call('GET', api('allDictList'), admin)).json().result.flags).toBeUndefined();
    expect((await t.call('GET', `${api('dataList')}?Code=flags`, admin)).json().result).toEqual([]);
  });
});

describe('sysDictType tenant isolation', () => {
  it('hides, and refuses to change, a type of another tenant guessed by id', async () => {
    const before = await storedType(t, OTHER_TYPE);
    expect(before).toBeDefined();
    const calls: Endpoint[] = [
      { method: 'GET', url: `${api('detail')}?Id=${OTHER_TYPE}` },
      { method: 'POST', url: api('update'), body: { id: OTHER_TYPE, name: 'Hacked', code: 'hacked' } },
      { method: 'POST', url: api('setStatus'), body: { id: OTHER_TYPE, status: 2 } },
      { method: 'POST', url: api('delete'), body: { id: OTHER_TYPE } },
    ];
    for (const { method, url, body } of calls) {
      const res = await t.call(method, url, admin, body);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    const page = (await t.call('POST', api('page'), admin, { name: 'Secret' })).json().result;
    expect(page.total).toBe(0);
    expect(await storedType(t, OTHER_TYPE)).toEqual(before);
  });
});
