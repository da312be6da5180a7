import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness.js';

/** Test helpers shared by the dictionary suites (not a test file itself). */

export const OTHER_TENANT = '1300000009001';
export const OTHER_TYPE = '1300000009101';
export const OTHER_ITEM = '1300000009201';
export const OTHER_CODE = 'other_secret';

/** A second tenant with one dictionary type and one item, written across tenants. */
export async function seedOtherTenant(t: TestApp) {
  await t.ctx.db.platform(async (trx) => {
    await trx.insertInto('sysTenant').values({ id: OTHER_TENANT, name: 'Other' }).execute();
    await trx
      .insertInto('sysDictType')
      .values({ id: OTHER_TYPE, tenantId: OTHER_TENANT, name: 'Secret', code: OTHER_CODE })
      .execute();
    await trx
      .insertInto('sysDictData')
      .values({ id: OTHER_ITEM, tenantId: OTHER_TENANT, dictTypeId: OTHER_TYPE, label: 'Hidden', value: 'h' })
      .execute();
  });
}

/** A row as stored, read across tenants (to prove it was not touched). */
export async function storedType(t: TestApp, id: string) {
  return t.ctx.db.platform((trx) =>
    trx.selectFrom('sysDictType').selectAll().where('id', '=', id).executeTakeFirst(),
  );
}

export async function storedItem(t: TestApp, id: string) {
  return t.ctx.db.platform((trx) =>
    trx.selectFrom('sysDictData').selectAll().where('id', '=', id).executeTakeFirst(),
  );
}

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
}

/** 401 without a token, for every endpoint. */
export async function expectAnonymousRefused(t: TestApp, endpoints: Endpoint[]) {
  for (const { method, url, body } of endpoints) {
    const res = await t.call(method, url, undefined, body);
    expect([url, res.statusCode, res.json().code]).toEqual([url, 401, 401]);
  }
}

/** 403 for an account lacking the permission, for every endpoint. */
export async function expectForbidden(t: TestApp, token: string, endpoints: Endpoint[]) {
  for (const { method, url, body } of endpoints) {
    const res = await t.call(method, url, token, body);
    expect([url, res.statusCode, res.json().code]).toEqual([url, 403, 403]);
  }
}

/** 400 whose English message names `field`. */
export async function expectBadField(t: TestApp, token: string, endpoint: Endpoint, field: string) {
  const res = await t.call(endpoint.method, endpoint.url, token, endpoint.body, { 'accept-language': 'en' });
  expect([endpoint.url, res.statusCode]).toEqual([endpoint.url, 400]);
  expect(res.json().message).toContain(field);
}
