import type { PrintInput } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

let t: TestApp;
let admin: string;
let member: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  member = (await t.login('member')).accessToken;
});
afterAll(async () => t?.close());

const template = (name: string, extra: Partial<PrintInput> = {}): PrintInput => ({
  name,
  bizType: 'sysUser',
  paper: 'A4',
  width: 20,
  height: 20,
  orientation: 'portrait',
  marginTop: 10,
  marginRight: 10,
  marginBottom: 10,
  marginLeft: 10,
  template: {
    elements: [
      { kind: 'text', id: 't1', x: 0, y: 0, w: 80, h: 10, text: 'Card of {realName}\u0007', bold: true },
      {
        kind: 'field',
        id: 'f1',
        x: 0,
        y: 12,
        w: 80,
        h: 8,
        field: 'account',
        format: 'text',
        label: 'Account',
      },
      {
        kind: 'table',
        id: 'tb',
        x: 0,
        y: 30,
        w: 150,
        h: 40,
        field: 'roles',
        columns: [{ title: 'Role', field: 'name', width: 60 }],
      },
      { kind: 'qrcode', id: 'q1', x: 160, y: 0, w: 30, h: 30, field: 'account' },
    ],
  },
  ...extra,
});

const add = (token: string, body: unknown) => t.call('POST', '/api/sysPrint/add', token, body);

describe('sysPrint', () => {
  it('adds, pages, shows, updates and deletes a template; names are unique in the tenant', async () => {
    const res = await add(admin, template('Account card'));
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().result as string;

    const detail = (await t.call('GET', `/api/sysPrint/detail?id=${id}`, admin)).json().result;
    // A4 is stored at its size; control characters are gone from the texts.
    expect(detail).toMatchObject({
      name: 'Account card',
      bizType: 'sysUser',
      width: 210,
      height: 297,
      status: 1,
    });
    expect(detail.template.elements[0].text).toBe('Card of {realName}');
    expect(detail.template.elements).toHaveLength(4);

    const dup = await add(admin, template(' Account card '));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toContain('Account card');

    const page = (
      await t.call('POST', '/api/sysPrint/page', admin, { name: 'account', bizType: 'sysUser' })
    ).json();
    expect(page.result.items.map((r: { id: string }) => r.id)).toEqual([id]);

    const update = await t.call('POST', '/api/sysPrint/update', admin, {
      ...template('Account card', { paper: 'receipt80', width: 300, height: 120, remark: 'roll' }),
      id,
    });
    expect(update.statusCode, update.body).toBe(200);
    const after = (await t.call('GET', `/api/sysPrint/detail?id=${id}`, admin)).json().result;
    expect(after).toMatchObject({ paper: 'receipt80', width: 80, height: 120, remark: 'roll' });

    expect((await t.call('POST', '/api/sysPrint/delete', admin, { id })).statusCode).toBe(200);
    expect((await t.call('POST', '/api/sysPrint/delete', admin, { id })).statusCode).toBe(404);
  });

  it('refuses a malformed layout with a localized 400', async () => {
    const bad = (elements: unknown[]) => add(admin, { ...template('Bad'), template: { elements } });
    // An unknown kind, a field name that is no field, an image address that could run script,
    // an element far larger than any sheet, a field of another kind (a text with columns), a
    // table without its columns; below, a QR code with nothing to encode and duplicate ids.
    const cases = [
      [{ kind: 'script', id: 'x', x: 0, y: 0, w: 1, h: 1 }],
      [{ kind: 'field', id: 'x', x: 0, y: 0, w: 1, h: 1, field: 'a;drop', format: 'text' }],
      [{ kind: 'image', id: 'x', x: 0, y: 0, w: 1, h: 1, src: 'javascript:alert(1)' }],
      [{ kind: 'rect', id: 'x', x: 0, y: 0, w: 99999, h: 1 }],
      [
        {
          kind: 'text',
          id: 'x',
          x: 0,
          y: 0,
          w: 1,
          h: 1,
          text: 'a',
          columns: [{ title: 'a', field: 'a', width: 1 }],
        },
      ],
      [{ kind: 'table', id: 'x', x: 0, y: 0, w: 1, h: 1, field: 'rows' }],
    ];
    for (const elements of cases) expect((await bad(elements)).statusCode).toBe(400);

    const empty = await t.call(
      'POST',
      '/api/sysPrint/add',
      admin,
      { ...template('Bad'), template: { elements: [{ kind: 'qrcode', id: 'q', x: 0, y: 0, w: 9, h: 9 }] } },
      { 'accept-language': 'zh-CN' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('二维码 q');
    const twice = { kind: 'line', id: 'same', x: 0, y: 0, w: 9, h: 1 };
    expect((await bad([twice, twice])).statusCode).toBe(400);
    expect((await t.call('POST', '/api/sysPrint/page', admin, {})).json().result.total).toBe(0);
  });

  it('gives every account of the tenant the enabled templates of a list, and no other tenant', async () => {
    const id = (await add(admin, template('Roster'))).json().result as string;
    await add(admin, template('Positions sheet', { bizType: 'sysPos' }));
    await add(admin, template('Old roster', { status: 2 }));

    // A member holds no sysPrint code: no management, but the chooser and print/{name}.
    expect((await t.call('POST', '/api/sysPrint/page', member, {})).statusCode).toBe(403);
    const list = await t.call('GET', '/api/sysPrint/list?bizType=sysUser', member);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().result).toEqual([
      { id, name: 'Roster', bizType: 'sysUser', paper: 'A4', remark: null },
    ]);
    const one = await t.call('GET', `/api/sysPrint/print/${encodeURIComponent('Roster')}`, member);
    expect(one.statusCode).toBe(200);
    expect(one.json().result.template.elements[3]).toMatchObject({ kind: 'qrcode', field: 'account' });
    expect((await t.call('GET', '/api/sysPrint/print/Old%20roster', member)).statusCode).toBe(404);

    const other = await createOtherTenant(t);
    const stranger = (await t.login('admin', other.password, other.tenantId)).accessToken;
    expect((await t.call('GET', '/api/sysPrint/list?bizType=sysUser', stranger)).json().result).toEqual([]);
    expect((await t.call('GET', '/api/sysPrint/print/Roster', stranger)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysPrint/detail?id=${id}`, admin)).statusCode).toBe(200);
    // The other tenant may use the same name for its own template, and sees only that one.
    await t.ctx.db.tenant(other.tenantId, (trx) =>
      trx
        .insertInto('sysPrint')
        .values({
          id: '1300000009901',
          tenantId: other.tenantId,
          name: 'Roster',
          bizType: 'sysUser',
          template: JSON.stringify({ elements: [] }),
          paper: 'A5',
          width: 148,
          height: 210,
          orientation: 'landscape',
          marginTop: 5,
          marginRight: 5,
          marginBottom: 5,
          marginLeft: 5,
        })
        .execute(),
    );
    const theirs = await t.call('GET', '/api/sysPrint/print/Roster', stranger);
    expect(theirs.json().result).toMatchObject({ id: '1300000009901', paper: 'A5' });
    expect((await t.call('GET', '/api/sysPrint/print/Roster', member)).json().result.id).toBe(id);
  });
});
