import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

// Keyset paging (wire/paging.ts KeysetFields) on the account list: the next rows after an id.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const page = (body: Record<string, unknown>) =>
  t.call('POST', '/api/sysUser/page', admin, body, { 'accept-language': 'en' });

describe('sysUser/page with afterId', () => {
  it('walks every visible account once, in id order, whatever the sort asked', async () => {
    const all = (await page({ pageSize: 500 })).json().result;
    const expected = (all.items as { id: string }[])
      .map((r) => r.id)
      .sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
    expect(expected.length).toBeGreaterThan(3);

    const walked: string[] = [];
    let afterId = '0';
    for (let guard = 0; guard < 100; guard++) {
      const res = await page({ pageSize: 2, afterId, field: 'account', order: 'descending', page: 7 });
      expect(res.statusCode, res.body).toBe(200);
      const result = res.json().result;
      expect(result.total).toBe(all.total);
      expect(result.hasPrevPage).toBe(afterId !== '0');
      walked.push(...(result.items as { id: string }[]).map((r) => r.id));
      if (!result.hasNextPage) break;
      afterId = walked.at(-1)!;
    }
    expect(walked).toEqual(expected);
  });

  it('keeps the filters and the data scope', async () => {
    const filtered = (await page({ pageSize: 500, account: 'admin' })).json().result.items as {
      id: string;
    }[];
    const keyset = (await page({ pageSize: 500, account: 'admin', afterId: '0' })).json().result.items as {
      id: string;
    }[];
    expect(keyset.map((r) => r.id).sort()).toEqual(filtered.map((r) => r.id).sort());
  });

  it('refuses an id that is not one, with a localized message', async () => {
    for (const afterId of ['1e3', '-1', "1' or 1=1", '12345678901234567890']) {
      const res = await page({ afterId });
      expect(res.statusCode, afterId).toBe(400);
      expect(res.json().message).toMatch(/afterId/);
    }
  });
});
