import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

/** Admin.NET's sysUser/orgInfo and sysUser/setLangCode/{langCode} (issue 9). */
let t: TestApp;
let staff: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

describe('sysUser/orgInfo', () => {
  it("answers the caller's own organisation, null for a super admin working in another tenant", async () => {
    const info = (await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result;
    const res = await t.call('GET', '/api/sysUser/orgInfo', staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id: info.orgId, name: info.orgName, pid: SEED_IDS.rootOrg });
    expect(res.json().result).not.toHaveProperty('children');
    const other = await createOtherTenant(t);
    const visiting = (await t.login('superAdmin', undefined, other.tenantId)).accessToken;
    expect((await t.call('GET', '/api/sysUser/orgInfo', visiting)).json().result).toBeNull();
    expect((await t.call('GET', '/api/sysUser/orgInfo')).statusCode).toBe(401);
  });
});

describe('sysUser/setLangCode/{langCode}', () => {
  it('stores the product locale a tag names; userInfo shows it', async () => {
    const res = await t.call('POST', '/api/sysUser/setLangCode/en-US', staff);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBe('en');
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result.langCode).toBe('en');
    await t.call('POST', '/api/sysUser/setLangCode/zh_Hant', staff);
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result.langCode).toBe('zh-TW');
  });

  it('refuses a language the product does not have, and a malformed tag', async () => {
    const unknown = await t.call('POST', '/api/sysUser/setLangCode/xx-YY', staff, undefined, en);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/^Language xx-YY is not supported\. Supported languages: .*zh-CN/);
    const malformed = await t.call('POST', '/api/sysUser/setLangCode/1%3Cb', staff, undefined, en);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('langCode');
  });
});
