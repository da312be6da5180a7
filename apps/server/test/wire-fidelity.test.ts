import { DataScope } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindNames, compileNames } from '../src/platform/http/case-insensitive-names.js';
import { JSON_SUFFIX_MEDIA_TYPE } from '../src/platform/http/json-media-types.js';
import { createTestApp, SEED_IDS, type TestApp } from './harness.js';
import type { JsonSchema } from './attack/schema-values.js';

/**
 * Issue 9, wire fidelity: Admin.NET's clients (its web app, its generated SDKs) talk to Lintel as
 * they talk to Admin.NET. Undeclared fields are dropped, not refused, and never read; a field the
 * caller's field blacklist hides is still refused; query and body names bind case-insensitively
 * (an exact spelling wins); every JSON media type is JSON.
 */
const en = { 'accept-language': 'en' };
const SELF_ROLE = '1300000000404'; // sys_self, held by the member account
const DEV = '1300000000203';

let t: TestApp;
let admin: string;
let staff: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

describe('undeclared fields are dropped, never read', () => {
  it('ignores unknown query parameters and Admin.NET paging and tenant extras', async () => {
    const consts = await t.call(
      'GET',
      '/api/sysConst/list?foo=1&TenantId=1300000009001',
      staff,
      undefined,
      en,
    );
    expect(consts.statusCode, consts.body).toBe(200);
    const page = await t.call(
      'POST',
      '/api/sysRole/page',
      admin,
      {
        page: 1,
        pageSize: 10,
        descStr: 'descending',
        keyword: '',
        tenantId: '1300000009001',
        search: { fields: ['name'], keyword: '' },
        filter: { logic: 0, filters: [] },
      },
      en,
    );
    expect([page.statusCode, page.json().code]).toEqual([200, 200]);
  });

  it('cannot be used for mass assignment: an own profile update keeps account, type, status, organisation and tenant', async () => {
    const before = (await t.call('GET', '/api/sysUser/baseInfo', staff)).json().result;
    const res = await t.call(
      'POST',
      '/api/sysUser/baseInfo',
      staff,
      {
        nickName: 'Wire',
        account: 'renamed',
        accountType: 999,
        status: 2,
        orgId: SEED_IDS.rootOrg,
        tenantId: '1300000009001',
        isDelete: true,
        password: 'x',
      },
      en,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = (await t.call('GET', '/api/sysUser/baseInfo', staff)).json().result;
    expect(after).toMatchObject({
      nickName: 'Wire',
      account: before.account,
      accountType: before.accountType,
      status: before.status,
      orgId: before.orgId,
      tenantId: before.tenantId,
    });
    // The password was not touched either: the account still signs in with its own.
    await t.login('staff');
  });

  it('still refuses a declared field the caller’s field blacklist hides, in any spelling', async () => {
    const buttons = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysMenu')
        .select('id')
        .where((eb) =>
          eb.or([eb('permission', 'in', ['sysOrg:list', 'sysOrg:update']), eb('key', '=', 'menu:sysOrg')]),
        )
        .execute(),
    );
    const grants = [
      ['grantMenu', { id: SELF_ROLE, menuIdList: buttons.map((b) => b.id) }],
      ['grantDataScope', { id: SELF_ROLE, dataScope: DataScope.Define, orgIdList: [DEV] }],
      ['grantRoleTable', { id: SELF_ROLE, tableColumnList: [{ tableName: 'sysOrg', columns: ['code'] }] }],
    ] as const;
    for (const [action, body] of grants) {
      const res = await t.call('POST', `/api/sysRole/${action}`, admin, body);
      expect(res.statusCode, `${action} ${res.body}`).toBe(200);
    }
    const member = (await t.login('member')).accessToken;
    const update = (body: Record<string, unknown>) =>
      t.call('POST', '/api/sysOrg/update', member, { id: DEV, pid: SEED_IDS.rootOrg, ...body }, en);
    for (const spelling of ['code', 'Code', 'CODE']) {
      const res = await update({ name: '开发部', [spelling]: 'hacked' });
      expect([spelling, res.statusCode, res.json().message]).toEqual([
        spelling,
        403,
        'You may not see or change the field code.',
      ]);
    }
    // The same request without the hidden field passes; its undeclared extras are dropped.
    const allowed = await update({ Name: '开发部', bogus: 1, tenantId: '1300000009001', createUserId: '1' });
    expect(allowed.statusCode, allowed.body).toBe(200);
    const stored = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOrg').select(['code', 'tenantId']).where('id', '=', DEV).executeTakeFirstOrThrow(),
    );
    expect(stored).toEqual({ code: '100102', tenantId: SEED_IDS.tenant });
  });

  it('keeps request schemas free of unions of objects (ajv would drop fields while trying a branch)', () => {
    const unions: string[] = [];
    const walk = (schema: JsonSchema | undefined, at: string) => {
      if (!schema || typeof schema !== 'object') return;
      const branches = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
      if (branches.filter((b) => b.type === 'object' || b.properties).length > 0) unions.push(at);
      for (const b of branches) walk(b, at);
      for (const [name, child] of Object.entries(schema.properties ?? {})) walk(child, `${at}.${name}`);
      if (schema.items) walk(schema.items, `${at}[]`);
    };
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        walk(route.schema[part] as JsonSchema | undefined, `${route.method} ${route.url} ${part}`);
      }
    }
    expect(unions).toEqual([]);
  });
});

describe('parameter names bind case-insensitively, as ASP.NET binds them', () => {
  it('signs in with Admin.NET’s PascalCase body', async () => {
    const res = await t.call('POST', '/api/sysAuth/login', undefined, {
      Account: 'admin',
      Password: t.encrypt('Lintel@2026'),
      TenantId: SEED_IDS.tenant,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.accessToken).toEqual(expect.any(String));
  });

  it('binds query names whichever way the schema spells them', async () => {
    // The schema says `id`; Admin.NET sends `Id`.
    const detail = await t.call('GET', `/api/sysUser/detail?Id=${SEED_IDS.staff}`, admin, undefined, en);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().result.id).toBe(SEED_IDS.staff);
    // The schema keeps Admin.NET's `Code`; a camelCase client sends `code`.
    const dict = await t.call('GET', '/api/sysDictType/dataList?code=org_type', staff, undefined, en);
    expect(dict.statusCode, dict.body).toBe(200);
  });

  it('lets an exact spelling win over a case-insensitive one', async () => {
    const res = await t.call(
      'GET',
      `/api/sysUser/detail?ID=${SEED_IDS.admin}&id=${SEED_IDS.staff}&iD=${SEED_IDS.member}`,
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result.id).toBe(SEED_IDS.staff);
  });

  it('binds nested declared objects and array items', async () => {
    const res = await t.call('POST', '/api/sysUser/add', admin, {
      Account: 'wire1',
      RealName: 'Wire One',
      OrgId: DEV,
      ExtOrgIdList: [{ OrgId: '1300000000202', JobNum: 'W-1', Unknown: 'x' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = await t.call('GET', `/api/sysUser/detail?id=${res.json().result}`, admin);
    expect(detail.json().result).toMatchObject({
      account: 'wire1',
      realName: 'Wire One',
      orgId: DEV,
      extOrgIdList: [expect.objectContaining({ orgId: '1300000000202', jobNum: 'W-1' })],
    });
  });

  it('renames only what a schema declares; an object with nothing to rename is kept as it is', () => {
    const node = compileNames({
      type: 'object',
      properties: {
        id: { type: 'string' },
        Title: { type: 'string' },
        title: { type: 'string' },
        items: {
          type: 'array',
          items: { type: 'object', properties: { orgId: { type: 'string' } } },
        },
        nested: {
          anyOf: [{ type: 'object', properties: { userId: { type: 'string' } } }, { type: 'null' }],
        },
      },
    })!;
    const value: Record<string, unknown> = {
      ID: '1',
      TITLE: 'a',
      Items: [{ ORGID: '2' }, 'text'],
      NESTED: { userid: '3', other: 4 },
      constructor: 'x',
    };
    const bound = bindNames(value, node) as Record<string, unknown>;
    expect(bound).not.toBe(value);
    expect(bound).toEqual({
      id: '1',
      Title: 'a',
      items: [{ orgId: '2' }, 'text'],
      nested: { userId: '3', other: 4 },
      constructor: 'x',
    });
    const exact = { id: '1', title: 'b', extra: true };
    expect(bindNames(exact, node)).toBe(exact);
    // Twins: the exact spelling wins, else the first; the rest stay undeclared (validation drops them).
    expect(bindNames({ id: 'a', ID: 'b', Id: 'c' }, node)).toEqual({ id: 'a', ID: 'b', Id: 'c' });
    expect(bindNames({ ID: 'b', Id: 'c' }, node)).toEqual({ id: 'b', Id: 'c' });
    const poisoned = bindNames(JSON.parse('{"__proto__":{"isSuperAdmin":true},"ID":"1"}'), node) as object;
    expect(Object.getPrototypeOf(poisoned)).toBe(Object.prototype);
    expect((poisoned as { isSuperAdmin?: boolean }).isSuperAdmin).toBeUndefined();
    expect(Object.keys(poisoned)).toEqual(['__proto__', 'id']);
  });
});

describe('every JSON media type is JSON', () => {
  const login = (contentType: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      headers: { 'content-type': contentType, ...headers },
      payload: JSON.stringify({ account: 'admin', password: t.encrypt('Lintel@2026') }),
    });

  it.each([
    'application/json',
    'application/json; charset=utf-8',
    'Application/JSON;charset=UTF-8',
    'application/problem+json',
    'application/vnd.api+json; charset=utf-8',
    'application/merge-patch+json',
  ])('parses %s', async (contentType) => {
    const res = await login(contentType);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('answers 415 with the localized message for other media types', async () => {
    const xml = await login('text/xml', en);
    expect(xml.statusCode).toBe(415);
    expect(xml.json().message).toContain('text/xml');
    const zh = await login('application/xml', { 'accept-language': 'zh-CN' });
    expect(zh.statusCode).toBe(415);
    expect(zh.json().message).not.toBe(xml.json().message);
    for (const type of ['application/jsonx', 'application/json+xml', 'text/json+', 'application/+json']) {
      expect([type, JSON_SUFFIX_MEDIA_TYPE.test(type)]).toEqual([type, false]);
    }
  });

  it('refuses prototype poisoning in a +json body as in a JSON one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/login',
      headers: { 'content-type': 'application/vnd.api+json' },
      payload: '{"account":"admin","__proto__":{"isSuperAdmin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });
});
