import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

/**
 * The form designer's server: drafts, publishing immutable versions, submissions validated against
 * the published version (ajv, unknown fields, dictionary-bound options), the data scope of the
 * submission list, and tenant isolation.
 */
let t: TestApp;
let admin: string;
let staff: string;
let member: string;
let genderValues: string[];

const SCHEMA = {
  type: 'object',
  properties: {
    fullName: { type: 'string', title: 'Full name', minLength: 2, maxLength: 20 },
    email: { type: 'string', title: 'Email', format: 'email' },
    age: { type: 'integer', title: 'Age', minimum: 1, maximum: 120 },
    gender: { type: 'string', title: 'Gender' },
    colour: { type: 'string', title: 'Colour', enum: ['r', 'g'] },
  },
  required: ['fullName'],
};
const UI = {
  'ui:order': ['fullName', 'email', 'age', 'gender', 'colour'],
  gender: { 'ui:widget': 'select', 'ui:options': { dictCode: 'GenderEnum', span: 12 } },
  colour: { 'ui:widget': 'radio', 'ui:enumNames': ['Red', 'Green'] },
};

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  // staff (sys_deptChild over 开发部) and member (sys_self) may submit and list submissions.
  const buttons = await t.ctx.db.global
    .selectFrom('sysMenu')
    .select('id')
    .where('permission', 'like', 'sysFormData:%')
    .execute();
  await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx
      .insertInto('sysRoleMenu')
      .values(
        ['1300000000402', '1300000000404'].flatMap((roleId) =>
          buttons.map((m) => ({ tenantId: SEED_IDS.tenant, roleId, menuId: m.id })),
        ),
      )
      .execute(),
  );
  await t.ctx.tenants.invalidate(SEED_IDS.tenant);
  staff = (await t.login('staff')).accessToken;
  member = (await t.login('member')).accessToken;
  const dict = await t.call('GET', '/api/sysDictData/dataList/GenderEnum', admin);
  genderValues = (dict.json().result as { value: string }[]).map((i) => i.value);
});
afterAll(async () => t?.close());

const ok = async (method: 'GET' | 'POST', url: string, token: string, body?: unknown) => {
  const res = await t.call(method, url, token, body, { 'accept-language': 'en' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result;
};

describe('sysForm', () => {
  let formId: string;

  it('refuses a draft outside the allow list, publishes versions, keeps them immutable', async () => {
    for (const schema of [
      { type: 'object', properties: { a: { $ref: 'http://example.test/s.json' } } },
      { type: 'object', properties: { a: { type: 'string' } }, definitions: {} },
      { type: 'object', properties: { 'bad name': { type: 'string' } } },
      { type: 'object', properties: { a: { type: 'string', pattern: '(' } } },
    ]) {
      const res = await t.call('POST', '/api/sysForm/add', admin, { name: 'x', code: 'x', schema });
      expect(res.statusCode, JSON.stringify(schema)).toBe(400);
    }
    // Nesting too deep to serialise is refused like an oversized schema, not a stack overflow.
    const deep = `{"a":`.repeat(20_000) + '1' + '}'.repeat(20_000);
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/sysForm/add',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"name":"x","code":"x","schema":{"type":"object","properties":{"a":${deep}}}}`,
    });
    expect(nested.statusCode).toBe(400);
    const deepUi = `{"a":`.repeat(200) + '1' + '}'.repeat(200);
    const nestedUi = await t.app.inject({
      method: 'POST',
      url: '/api/sysForm/add',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      payload: `{"name":"x","code":"x","uiSchema":${deepUi}}`,
    });
    expect(nestedUi.statusCode).toBe(400);
    formId = await ok('POST', '/api/sysForm/add', admin, { name: 'Survey', code: 'survey' });
    expect((await t.call('POST', '/api/sysForm/add', admin, { name: 'S', code: 'survey' })).statusCode).toBe(
      409,
    );
    const empty = await t.call(
      'POST',
      '/api/sysForm/publish',
      admin,
      { id: formId },
      { 'accept-language': 'en' },
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('at least one field');

    await ok('POST', '/api/sysForm/update', admin, {
      id: formId,
      name: 'Survey',
      code: 'survey',
      schema: SCHEMA,
      uiSchema: UI,
    });
    expect(await ok('POST', '/api/sysForm/publish', admin, { id: formId })).toEqual({ version: 1 });
    expect((await t.call('POST', '/api/sysForm/publish', admin, { id: formId })).statusCode).toBe(400);

    // Editing after publishing changes the draft only; version 1 stays as it was.
    const edited = {
      ...SCHEMA,
      properties: { ...SCHEMA.properties, note: { type: 'string', title: 'Note' } },
    };
    await ok('POST', '/api/sysForm/update', admin, {
      id: formId,
      name: 'Survey',
      code: 'survey',
      schema: edited,
      uiSchema: UI,
    });
    const detail = await ok('GET', `/api/sysForm/detail?id=${formId}`, admin);
    expect(detail).toMatchObject({ publishedVersion: 1, draftChanged: true });
    expect(Object.keys(detail.schema.properties)).toContain('note');
    const [v1] = await ok('GET', `/api/sysForm/versions?formId=${formId}&version=1`, admin);
    expect(Object.keys(v1.schema.properties)).not.toContain('note');
    expect(v1.schema.additionalProperties).toBe(false);
    expect(v1.uiSchema.gender['ui:options'].dictCode).toBe('GenderEnum');

    // A binding to a dictionary that does not exist is refused at publication.
    const badUi = { ...UI, gender: { 'ui:options': { dictCode: 'NoSuchDict' } } };
    await ok('POST', '/api/sysForm/update', admin, {
      id: formId,
      name: 'Survey',
      code: 'survey',
      schema: edited,
      uiSchema: badUi,
    });
    const refused = await t.call(
      'POST',
      '/api/sysForm/publish',
      admin,
      { id: formId },
      { 'accept-language': 'en' },
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('NoSuchDict');
  });

  it('validates submissions against the published version, dictionaries and unknown fields included', async () => {
    const submit = (token: string, data: object, version?: number) =>
      t.call(
        'POST',
        '/api/sysFormData/submit',
        token,
        { formId, data, version },
        { 'accept-language': 'en' },
      );

    const bad = await submit(staff, {
      fullName: 'A',
      email: 'not-mail',
      age: 500,
      note: 'x',
      gender: 'nope',
    });
    expect(bad.statusCode).toBe(400);
    // The 400 names the failing fields by their titles; `note` is only in the draft, so it is unknown.
    for (const title of ['Full name', 'Email', 'Age', 'note', 'Gender'])
      expect(bad.json().message).toContain(title);
    expect((await submit(staff, { email: 'a@b.co' })).json().message).toContain('Full name');
    expect((await submit(staff, { fullName: 'Ann', colour: 'blue' })).statusCode).toBe(400);
    expect((await submit(staff, { fullName: 'Ann' }, 2)).statusCode).toBe(409);

    const good = {
      fullName: 'Ann Lee',
      email: 'ann@example.com',
      age: 30,
      gender: genderValues[0],
      colour: 'g',
    };
    const res = await submit(staff, good, 1);
    expect(res.statusCode, res.body).toBe(200);
    const row = await ok('GET', `/api/sysFormData/detail?id=${res.json().result}`, staff);
    expect(row).toMatchObject({ formId, version: 1, data: good, submitUserId: SEED_IDS.staff });

    // After version 2, new submissions carry 2 and the old one keeps 1.
    await ok('POST', '/api/sysForm/update', admin, {
      id: formId,
      name: 'Survey',
      code: 'survey',
      schema: { ...SCHEMA, properties: { ...SCHEMA.properties, note: { type: 'string', title: 'Note' } } },
      uiSchema: UI,
    });
    expect(await ok('POST', '/api/sysForm/publish', admin, { id: formId })).toEqual({ version: 2 });
    expect((await submit(member, { fullName: 'Bo Li', note: 'hello' })).statusCode).toBe(200);
    const versions = await ok('GET', `/api/sysForm/versions?formId=${formId}`, admin);
    expect(versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('lists submissions in the data scope, exports them with field titles, isolates tenants', async () => {
    const names = async (token: string) =>
      (await ok('POST', '/api/sysFormData/page', token, { formId })).items.map(
        (r: { data: { fullName: string }; version: number }) => `${r.data.fullName}@${r.version}`,
      );
    expect((await names(admin)).sort()).toEqual(['Ann Lee@1', 'Bo Li@2']);
    expect(await names(staff)).toEqual(['Ann Lee@1']);
    expect(await names(member)).toEqual(['Bo Li@2']);
    const mine = (await ok('POST', '/api/sysFormData/page', member, { formId })).items[0].id;
    expect((await t.call('GET', `/api/sysFormData/detail?id=${mine}`, staff)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/sysFormData/delete', staff, { id: mine })).statusCode).toBe(404);

    const file = await t.call(
      'POST',
      '/api/sysFormData/export',
      admin,
      { formId, format: 'csv' },
      { 'accept-language': 'en' },
    );
    expect(file.statusCode, file.body).toBe(200);
    const lines = file.body
      .replace(/^\ufeff/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'Full name,Email,Age,Gender,Colour,Note,Submitted by,Organisation,Version,Submitted at',
    );
    expect(lines.some((l) => l.startsWith('Ann Lee,ann@example.com,30,') && l.includes(',Green,'))).toBe(
      true,
    );

    const other = await createOtherTenant(t);
    await t.ctx.db.platform(async (trx) => {
      const menus = await trx.selectFrom('sysMenu').select('id').where('scope', '=', 'tenant').execute();
      await trx
        .insertInto('sysTenantMenu')
        .values(menus.map((m) => ({ tenantId: other.tenantId, menuId: m.id })))
        .execute();
    });
    const otherAdmin = (await t.login('admin', other.password, other.tenantId)).accessToken;
    expect((await ok('POST', '/api/sysForm/page', otherAdmin, {})).total).toBe(0);
    expect((await t.call('GET', `/api/sysForm/detail?id=${formId}`, otherAdmin)).statusCode).toBe(404);
    expect((await ok('POST', '/api/sysFormData/page', otherAdmin, { formId })).items).toEqual([]);
    expect(
      (await t.call('POST', '/api/sysFormData/submit', otherAdmin, { formId, data: { fullName: 'X' } }))
        .statusCode,
    ).toBe(404);

    await ok('POST', '/api/sysFormData/delete', member, { id: mine });
    await ok('POST', '/api/sysForm/delete', admin, { id: formId });
    expect((await t.call('GET', `/api/sysForm/detail?id=${formId}`, admin)).statusCode).toBe(404);
  });
});
