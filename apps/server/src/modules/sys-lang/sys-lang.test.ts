import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let superAdmin: string;
let admin: string;
const en = { 'accept-language': 'en' };
const api = (action: string) => `/api/sysLang/${action}`;

beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

type Option = { value: string; label: string; name: string };
const dropdown = async () => {
  const res = await t.call('POST', api('dropdownData'));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Option[];
};

describe('sysLang', () => {
  it('seeds the 19 locales of the product, active, and offers them to anyone', async () => {
    const options = await dropdown();
    expect(options.map((o) => o.value)).toEqual([
      'zh-CN', 'zh-TW', 'zh-HK', 'en', 'de', 'es', 'fi', 'fr', 'it', 'ja', 'ko', 'no', 'pl', 'pt', 'ru', 'th',
      'id', 'ms', 'vi',
    ]); // prettier-ignore
    expect(options[0]).toEqual({ value: 'zh-CN', label: '简体中文', name: '简体中文' });
    const page = await t.call('POST', api('page'), superAdmin, { keyword: 'suomi' });
    expect(page.json().result).toMatchObject({
      total: 1,
      items: [{ code: 'fi', nativeName: 'Suomi', active: true }],
    });
    expect((await t.call('POST', api('page'), superAdmin, { pageSize: 50 })).json().result.total).toBe(19);
  });

  it('adds, details, deactivates and deletes a language; the choices follow at once', async () => {
    const added = await t.call('POST', api('add'), superAdmin, {
      code: 'sv',
      name: '瑞典语',
      nativeName: 'Svenska',
    });
    expect(added.statusCode, added.body).toBe(200);
    const id = added.json().result as string;
    expect(await dropdown()).toContainEqual({ value: 'sv', label: 'Svenska', name: '瑞典语' });
    const detail = await t.call('GET', `${api('detail')}?id=${id}`, superAdmin);
    expect(detail.json().result).toMatchObject({ code: 'sv', active: true, orderNo: 100 });

    const dup = await t.call('POST', api('add'), superAdmin, { code: 'sv', name: 'x', nativeName: 'x' }, en);
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('A language with the code sv already exists.');

    const off = await t.call('POST', api('update'), superAdmin, {
      id,
      code: 'sv',
      name: '瑞典语',
      nativeName: 'Svenska',
      active: false,
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await dropdown()).map((o) => o.value)).not.toContain('sv');

    expect((await t.call('POST', api('delete'), superAdmin, { id })).statusCode).toBe(200);
    const gone = await t.call('GET', `${api('detail')}?id=${id}`, superAdmin, undefined, en);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('There is no such language.');
  });

  it('refuses bad input, tenant administrators and anonymous callers', async () => {
    const bad = await t.call(
      'POST',
      api('add'),
      superAdmin,
      { code: 'English!', name: 'x', nativeName: 'x' },
      en,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/code/);
    const empty = await t.call('POST', api('add'), superAdmin, { code: 'sv', name: '', nativeName: 'x' }, en);
    expect(empty.statusCode).toBe(400);
    for (const [method, action, body] of [
      ['POST', 'page', {}],
      ['POST', 'add', { code: 'sv', name: 'x', nativeName: 'x' }],
      ['POST', 'delete', { id: '1300000000901' }],
    ] as const) {
      expect((await t.call(method, api(action), admin, body)).statusCode, action).toBe(403);
      expect((await t.call(method, api(action), undefined, body)).statusCode, action).toBe(401);
    }
  });

  it('keeps the last active language active', async () => {
    const page = await t.call('POST', api('page'), superAdmin, { pageSize: 50 });
    const rows = page.json().result.items as { id: string; code: string }[];
    const zh = rows.find((r) => r.code === 'zh-CN')!;
    await t.ctx.db.platform((trx) =>
      trx.updateTable('sysLang').set({ active: false }).where('code', '<>', 'zh-CN').execute(),
    );
    const off = await t.call(
      'POST',
      api('update'),
      superAdmin,
      { id: zh.id, code: 'zh-CN', name: '简体中文', nativeName: '简体中文', active: false },
      en,
    );
    expect(off.statusCode).toBe(400);
    expect(off.json().message).toBe('Keep at least one language active.');
    const del = await t.call('POST', api('delete'), superAdmin, { id: zh.id }, en);
    expect(del.statusCode).toBe(400);
    expect((await t.call('GET', `${api('detail')}?id=${zh.id}`, superAdmin)).json().result.active).toBe(true);
  });
});
