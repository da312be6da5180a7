import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../platform/http/errors.js';
import {
  expectAnonymousRefused,
  expectBadField,
  expectForbidden,
  OTHER_CODE,
  OTHER_ITEM,
  OTHER_TYPE,
  seedOtherTenant,
  storedItem,
  type Endpoint,
} from '../sys-dict-type/dict-test-kit.js';
import { SysDictDataRepo } from './sys-dict-data.repo.js';

let t: TestApp;
let admin: string;
let member: string;
let typeId: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  await seedOtherTenant(t);
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
  const res = await t.call('POST', '/api/sysDictType/add', admin, { name: 'Fruit', code: 'fruit' });
  typeId = res.json().result;
});
afterAll(async () => t?.close());

const api = (action: string) => `/api/sysDictData/${action}`;
const post = (action: string, body: object): Endpoint => ({ method: 'POST', url: api(action), body });
const get = (url: string): Endpoint => ({ method: 'GET', url });
const add = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', api('add'), admin, { dictTypeId: typeId, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const detail = async (id: string) => (await t.call('GET', `${api('detail')}?Id=${id}`, admin)).json().result;

const CODED: Endpoint[] = [
  { method: 'POST', url: api('page'), body: { dictTypeId: OTHER_TYPE } },
  { method: 'GET', url: `${api('list')}?DictTypeId=${OTHER_TYPE}` },
  { method: 'GET', url: `${api('detail')}?Id=${OTHER_ITEM}` },
  { method: 'POST', url: api('add'), body: { dictTypeId: OTHER_TYPE, label: 'x', value: 'x' } },
  {
    method: 'POST',
    url: api('update'),
    body: { id: OTHER_ITEM, dictTypeId: OTHER_TYPE, label: 'x', value: 'x' },
  },
  { method: 'POST', url: api('delete'), body: { id: OTHER_ITEM } },
  { method: 'POST', url: api('setStatus'), body: { id: OTHER_ITEM, status: 2 } },
];

describe('sysDictData access', () => {
  it('answers 401 without a token on every endpoint', async () => {
    await expectAnonymousRefused(t, [...CODED, { method: 'GET', url: api('dataList/StatusEnum') }]);
  });

  it('answers 403 to the member account on every coded endpoint, and serves it dataList', async () => {
    await expectForbidden(t, member, CODED);
    expect((await t.call('GET', api('dataList/StatusEnum'), member)).statusCode).toBe(200);
  });

  it('answers 400 naming the bad field on every endpoint', async () => {
    const adding = (body: object) => post('add', { dictTypeId: typeId, ...body });
    const cases: [string, Endpoint][] = [
      ['dictTypeId', post('page', {})],
      ['x', post('page', { dictTypeId: typeId, field: 'x' })],
      ['DictTypeId', get(api('list'))],
      ['Id', get(`${api('detail')}?Id=0`)],
      ['code', get(api('dataList/a%20b'))],
      ['label', adding({ value: 'v' })],
      ['value', adding({ label: 'l', value: '' })],
      ['tagType', adding({ label: 'l', value: 'v', tagType: 'pink' })],
      ['label', adding({ label: 'l\u0000', value: 'v' })],
      ['dictTypeId', post('update', { id: '1', label: 'l', value: 'v' })],
      ['id', post('delete', {})],
      ['status', post('setStatus', { id: '1', status: 0 })],
    ];
    for (const [field, endpoint] of cases) await expectBadField(t, admin, endpoint, field);
  });
});

describe('sysDictData reads and writes', () => {
  it('adds items with audit columns; values are unique within their type only', async () => {
    const id = await add({
      label: 'Apple',
      value: 'apple',
      code: 'A',
      tagType: 'success',
      remark: 'red',
      orderNo: 2,
      extData: '{"x":1}',
    });
    expect(await detail(id)).toMatchObject({
      id,
      dictTypeId: typeId,
      typeCode: 'fruit',
      label: 'Apple',
      value: 'apple',
      code: 'A',
      tagType: 'success',
      remark: 'red',
      desc: 'red',
      orderNo: 2,
      status: 1,
      extData: '{"x":1}',
      createUserId: SEED_IDS.admin,
      createUserName: '系统管理员',
    });
    const dup = await t.call(
      'POST',
      api('add'),
      admin,
      { dictTypeId: typeId, label: 'Again', value: 'apple' },
      en,
    );
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('The value apple already exists in this dictionary.');
    const status = (await t.call('GET', '/api/sysDictType/dataList?Code=StatusEnum', admin)).json().result;
    await add({ dictTypeId: status[0].dictTypeId, label: 'Apple', value: 'apple' });
  });

  it('answers 409 when a concurrent insert takes the value first (unique index)', async () => {
    const repo = new SysDictDataRepo();
    const row = {
      id: '1300000008101',
      tenantId: SEED_IDS.tenant,
      dictTypeId: typeId,
      label: 'A',
      value: 'apple',
    };
    const error = await t.ctx.db
      .tenant(SEED_IDS.tenant, (trx) => repo.insert(trx, row))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 409, key: 'crud.duplicateValue' });
  });

  it('pages the items of a type with label/value filters and sorts', async () => {
    await add({ label: 'Banana', value: 'banana', orderNo: 1 });
    await add({ label: 'Cherry', value: 'cherry_1', orderNo: 3 });
    const all = (await t.call('POST', api('page'), admin, { dictTypeId: typeId })).json().result;
    expect(all.items.map((i: { value: string }) => i.value)).toEqual(['banana', 'apple', 'cherry_1']);
    const sorted = await t.call('POST', api('page'), admin, {
      dictTypeId: typeId,
      field: 'label',
      order: 'descending',
    });
    expect(sorted.json().result.items.map((i: { label: string }) => i.label)).toEqual([
      'Cherry',
      'Banana',
      'Apple',
    ]);
    const byLabel = (await t.call('POST', api('page'), admin, { dictTypeId: typeId, label: 'AN' })).json()
      .result;
    expect(byLabel).toMatchObject({ total: 1, items: [{ value: 'banana' }] });
    const byValue = (await t.call('POST', api('page'), admin, { dictTypeId: typeId, value: 'y_' })).json()
      .result;
    expect(byValue).toMatchObject({ total: 1, items: [{ value: 'cherry_1' }] });
    const paged = (
      await t.call('POST', api('page'), admin, { dictTypeId: typeId, page: 2, pageSize: 2 })
    ).json().result;
    expect(paged).toMatchObject({ page: 2, total: 3, totalPages: 2, hasPrevPage: true, hasNextPage: false });
  });

  it('lists every item of a type in order, whatever its status', async () => {
    const list = (await t.call('GET', `${api('list')}?DictTypeId=${typeId}`, admin)).json().result;
    expect(list.map((i: { value: string }) => i.value)).toEqual(['banana', 'apple', 'cherry_1']);
  });

  it('updates an item, keeps values unique, and refuses a type of nowhere', async () => {
    const id = await add({ label: 'Date', value: 'date' });
    const res = await t.call('POST', api('update'), admin, {
      id,
      dictTypeId: typeId,
      label: 'Dates',
      value: 'dates',
      tagType: '',
    });
    expect(res.statusCode).toBe(200);
    expect(await detail(id)).toMatchObject({
      label: 'Dates',
      value: 'dates',
      tagType: '',
      updateUserId: SEED_IDS.admin,
    });
    const dup = await t.call('POST', api('update'), admin, {
      id,
      dictTypeId: typeId,
      label: 'x',
      value: 'apple',
    });
    expect(dup.statusCode).toBe(409);
    const moved = await t.call('POST', api('update'), admin, {
      id,
      dictTypeId: OTHER_TYPE,
      label: 'x',
      value: 'x',
    });
    expect(moved.statusCode).toBe(404);
  });

  it('sets the status: a disabled item leaves dataList and allDictList', async () => {
    const id = await add({ label: 'Elder', value: 'elder' });
    const widget = async () => (await t.call('GET', api('dataList/fruit'), member)).json().result;
    expect((await widget()).map((i: { value: string }) => i.value)).toContain('elder');
    expect((await t.call('POST', api('setStatus'), admin, { id, status: 2 })).statusCode).toBe(200);
    expect((await widget()).map((i: { value: string }) => i.value)).not.toContain('elder');
    const all = (await t.call('GET', '/api/sysDictType/allDictList', admin)).json().result;
    expect(all.fruit.map((i: { value: string }) => i.value)).not.toContain('elder');
    expect(await detail(id)).toMatchObject({ status: 2, updateUserName: '系统管理员' });
  });

  it('deletes an item', async () => {
    const id = await add({ label: 'Fig', value: 'fig' });
    expect((await t.call('POST', api('delete'), admin, { id })).statusCode).toBe(200);
    expect(await storedItem(t, id)).toBeUndefined();
    expect((await t.call('POST', api('delete'), admin, { id })).statusCode).toBe(404);
  });

  it('serves dataList/:code with the widget fields, 404 for an unknown code', async () => {
    const items = (await t.call('GET', api('dataList/YesNoEnum'), member)).json().result;
    expect(items.map((i: { value: string }) => i.value)).toEqual(['Y', 'N']);
    expect(Object.keys(items[0]).sort()).toEqual(
      [
        'id',
        'dictTypeId',
        'typeCode',
        'value',
        'label',
        'tagType',
        'styleSetting',
        'classSetting',
        'code',
        'name',
        'desc',
        'orderNo',
        'status',
        'extData',
      ].sort(),
    );
    const missing = await t.call('GET', api('dataList/nope'), admin, undefined, en);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Dictionary type nope does not exist.');
  });

  it('serves the same items by ?Code= (Admin.NET’s query form of dataList)', async () => {
    const byPath = (await t.call('GET', api('dataList/YesNoEnum'), member)).json().result;
    for (const query of ['Code=YesNoEnum', 'code=YesNoEnum']) {
      const res = await t.call('GET', api(`dataList?${query}`), member);
      expect([query, res.statusCode]).toEqual([query, 200]);
      expect(res.json().result).toEqual(byPath);
    }
    const missing = await t.call('GET', api('dataList'), member, undefined, en);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Code');
  });
});

describe('sysDictData tenant isolation', () => {
  it('hides, and refuses to change, an item or type of another tenant guessed by id', async () => {
    const before = await storedItem(t, OTHER_ITEM);
    expect(before).toBeDefined();
    const calls: Endpoint[] = [
      { method: 'GET', url: `${api('detail')}?Id=${OTHER_ITEM}` },
      { method: 'GET', url: `${api('list')}?DictTypeId=${OTHER_TYPE}` },
      { method: 'POST', url: api('page'), body: { dictTypeId: OTHER_TYPE } },
      { method: 'GET', url: api(`dataList/${OTHER_CODE}`) },
      { method: 'POST', url: api('add'), body: { dictTypeId: OTHER_TYPE, label: 'x', value: 'x' } },
      {
        method: 'POST',
        url: api('update'),
        body: { id: OTHER_ITEM, dictTypeId: typeId, label: 'x', value: 'x' },
      },
      {
        method: 'POST',
        url: api('update'),
        body: { id: OTHER_ITEM, dictTypeId: OTHER_TYPE, label: 'x', value: 'x' },
      },
      { method: 'POST', url: api('setStatus'), body: { id: OTHER_ITEM, status: 2 } },
      { method: 'POST', url: api('delete'), body: { id: OTHER_ITEM } },
    ];
    for (const { method, url, body } of calls) {
      const res = await t.call(method, url, admin, body);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
    expect(await storedItem(t, OTHER_ITEM)).toEqual(before);
    const count = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysDictData')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('dictTypeId', '=', OTHER_TYPE)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(count.n)).toBe(1);
  });
});
