import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

describe('infinite numbers', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.login('superAdmin')).accessToken;
  });
  afterAll(() => t.close());

  it('are refused in a query, where ajv coerces 1e309 to Infinity past minimum and maximum', async () => {
    for (const [url, field] of [
      ['/api/sysUpgrade/latest?limit=1e309', 'limit'],
      ['/api/sysRegion/tree?Level=-1e309', 'Level'],
    ] as const) {
      const response = await t.call('GET', url, token, undefined, { 'accept-language': 'en-US' });
      expect(response.statusCode, url).toBe(400);
      expect(response.json().extras.errors).toEqual([{ field, message: `${field} must be a number.` }]);
    }
  });

  it('are refused in a JSON body, where 1e400 parses to Infinity', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sysRegion/page',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '{"page":1,"pageSize":1e400}',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().extras.errors[0].field).toBe('pageSize');
  });
});
