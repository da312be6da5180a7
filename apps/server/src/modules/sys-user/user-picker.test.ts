import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const pick = (token: string | undefined, body: unknown) =>
  t.call('POST', '/api/sysUser/pickList', token, body, { 'accept-language': 'en' });

describe('sysUser/pickList (the account picker of the message and notice forms)', () => {
  it('finds accounts by account or real name, with organisation, and nothing else of the account', async () => {
    const byAccount = (await pick(admin, { keyword: 'memb' })).json().result;
    expect(byAccount.map((u: { account: string }) => u.account)).toContain('member');
    expect(Object.keys(byAccount[0]).sort()).toEqual(['account', 'id', 'orgName', 'realName']);
    const byName = (await pick(admin, { keyword: '系统管理' })).json().result;
    expect(byName.map((u: { account: string }) => u.account)).toContain('admin');
    expect((await pick(admin, { keyword: 'a', limit: 2 })).json().result).toHaveLength(2);
  });

  it('is for senders, notice editors and account listers only; bad input is a 400', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await pick(member, { keyword: 'adm' })).statusCode).toBe(403);
    expect((await pick(undefined, { keyword: 'adm' })).statusCode).toBe(401);
    expect((await pick(admin, { keyword: '' })).statusCode).toBe(400);
    expect((await pick(admin, { keyword: 'x', limit: 500 })).statusCode).toBe(400);
  });

  it("never shows another tenant's accounts", async () => {
    const other = await createOtherTenant(t);
    const found = (await pick(admin, { keyword: 'admin', limit: 50 })).json().result;
    expect(found.length).toBeGreaterThan(0);
    expect(found.map((u: { id: string }) => u.id)).not.toContain(other.adminId);
  });
});
