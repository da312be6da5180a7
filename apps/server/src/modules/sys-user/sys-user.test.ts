import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { ageFromBirthday, ageOn } from './sys-user.service.js';

let t: TestApp;
let admin: string;
let staff: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => t?.close());

const baseInfo = async (token: string) => (await t.call('GET', '/api/sysUser/baseInfo', token)).json().result;

describe('GET /api/sysUser/baseInfo', () => {
  it('needs a signed-in account', async () => {
    expect((await t.call('GET', '/api/sysUser/baseInfo')).statusCode).toBe(401);
  });

  it("answers the caller's own account with organisation, position and roles, never the password", async () => {
    const res = await t.call('GET', '/api/sysUser/baseInfo', staff);
    expect(res.statusCode, res.body).toBe(200);
    const info = res.json().result;
    expect(info).toMatchObject({
      id: SEED_IDS.staff,
      tenantId: SEED_IDS.tenant,
      account: 'staff',
      status: 1,
    });
    expect(info.orgName).toEqual(expect.any(String));
    expect(info.roles.length).toBeGreaterThan(0);
    expect(info.roles[0]).toEqual({
      id: expect.any(String),
      code: expect.any(String),
      name: expect.any(String),
    });
    expect(info.lastLoginTime).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(res.body).not.toContain('argon2');
    expect(info).not.toHaveProperty('password');
  });
});

describe('POST /api/sysUser/baseInfo', () => {
  it('refuses a birthday after today and keeps the stored one', async () => {
    const before = (await baseInfo(staff)).birthday;
    const next = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const res = await t.call(
      'POST',
      '/api/sysUser/baseInfo',
      staff,
      { realName: 'Staff', birthday: next },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The birthday cannot be in the future.');
    expect((await baseInfo(staff)).birthday).toBe(before);
  });

  it('updates own profile fields and userInfo shows them at once', async () => {
    await baseInfo(staff);
    const res = await t.call('POST', '/api/sysUser/baseInfo', staff, {
      realName: '  Zhang Wei ',
      nickName: 'zw',
      phone: '13912345678',
      email: 'zw@example.com',
      birthday: '1990-05-20',
      sex: 1,
      cultureLevel: 9,
      emergencyContact: 'Li',
      emergencyPhone: '+86 139 0000 0000',
      address: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    const info = await baseInfo(staff);
    expect(info).toMatchObject({
      realName: 'Zhang Wei',
      nickName: 'zw',
      phone: '13912345678',
      email: 'zw@example.com',
      birthday: '1990-05-20',
      sex: 1,
      cultureLevel: 9,
      emergencyContact: 'Li',
      address: null,
    });
    expect(info.age).toBe(ageOn('1990-05-20', new Date()));
    const user = (await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result;
    expect(user.realName).toBe('Zhang Wei');
    expect(user.phone).toBe('13912345678');
  });

  it('ignores fields an account may not change about itself (undeclared: dropped, never read)', async () => {
    const before = await baseInfo(staff);
    for (const field of [
      'account',
      'status',
      'accountType',
      'orgId',
      'roleIdList',
      'password',
      'avatar',
      'tenantId',
    ]) {
      const res = await t.call('POST', '/api/sysUser/baseInfo', staff, { [field]: 'x' }, en);
      expect([field, res.statusCode]).toEqual([field, 200]);
    }
    const after = await baseInfo(staff);
    for (const field of ['account', 'status', 'accountType', 'orgId', 'roles', 'avatar', 'tenantId']) {
      expect([field, after[field]]).toEqual([field, before[field]]);
    }
  });

  it('checks the phone format (SPEC 5) and e-mail format', async () => {
    for (const phone of ['12912345678', '1391234567', '139123456789', 'abc']) {
      const res = await t.call('POST', '/api/sysUser/baseInfo', staff, { phone }, en);
      expect([phone, res.statusCode]).toEqual([phone, 400]);
      expect(res.json().message).toContain('phone');
    }
    const bad = await t.call('POST', '/api/sysUser/baseInfo', staff, { email: 'not-an-email' }, en);
    expect(bad.statusCode).toBe(400);
    const empty = await t.call('POST', '/api/sysUser/baseInfo', staff, { realName: '   ' }, en);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Please enter the real name.');
  });

  it('keeps phone numbers unique within the tenant', async () => {
    expect((await t.call('POST', '/api/sysUser/baseInfo', staff, { phone: '13700000001' })).statusCode).toBe(
      200,
    );
    const res = await t.call('POST', '/api/sysUser/baseInfo', admin, { phone: '13700000001' }, en);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('This phone number is already used by another account.');
    // Saving one's own number again is fine.
    expect((await t.call('POST', '/api/sysUser/baseInfo', staff, { phone: '13700000001' })).statusCode).toBe(
      200,
    );
    // An empty number frees it.
    expect((await t.call('POST', '/api/sysUser/baseInfo', staff, { phone: '' })).statusCode).toBe(200);
    expect((await baseInfo(staff)).phone).toBeNull();
    expect((await t.call('POST', '/api/sysUser/baseInfo', admin, { phone: '13700000001' })).statusCode).toBe(
      200,
    );
  });
});

describe('POST /api/sysUser/changePwd', () => {
  const change = (token: string, oldPassword: string, newPassword: string) =>
    t.call(
      'POST',
      '/api/sysUser/changePwd',
      token,
      { passwordOld: t.encrypt(oldPassword), passwordNew: t.encrypt(newPassword) },
      en,
    );

  it('refuses passwords outside the policy', async () => {
    const { accessToken } = await t.login('member');
    for (const weak of ['Ab1!', 'abcdef1!', 'ABCDEF1!', 'Abcdefg!', 'Abcdefg1', 'Abcdefg1!Abcdefg1']) {
      const res = await change(accessToken, DEMO_PASSWORD, weak);
      expect([weak, res.statusCode]).toEqual([weak, 400]);
      expect(res.json().message).toContain('6 to 16 characters');
    }
  });

  it('refuses a wrong current password, the same password and plain text', async () => {
    const { accessToken } = await t.login('member');
    const wrong = await change(accessToken, 'Wrong#Pass1', 'Better#Pass2');
    expect(wrong.json().message).toBe('The current password is wrong.');
    const same = await change(accessToken, DEMO_PASSWORD, DEMO_PASSWORD);
    expect(same.json().message).toBe('The new password must differ from the current one.');
    const plain = await t.call('POST', '/api/sysUser/changePwd', accessToken, {
      passwordOld: DEMO_PASSWORD,
      passwordNew: 'Better#Pass2',
    });
    expect(plain.statusCode).toBe(400);
  });

  it('changes the password, ends every session and lets the new password sign in', async () => {
    const first = await t.login('member');
    const second = await t.login('member');
    const before = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysUser')
        .select('lastChangePasswordTime')
        .where('account', '=', 'member')
        .executeTakeFirstOrThrow(),
    );
    const res = await change(first.accessToken, DEMO_PASSWORD, 'Better#Pass2');
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [first.accessToken, second.accessToken]) {
      expect((await t.call('GET', '/api/sysAuth/userInfo', token)).statusCode).toBe(401);
    }
    await expect(t.login('member')).rejects.toThrow();
    const again = await t.login('member', 'Better#Pass2');
    expect((await t.call('GET', '/api/sysAuth/userInfo', again.accessToken)).statusCode).toBe(200);
    const after = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysUser')
        .select('lastChangePasswordTime')
        .where('account', '=', 'member')
        .executeTakeFirstOrThrow(),
    );
    expect(after.lastChangePasswordTime!.getTime()).toBeGreaterThan(
      before.lastChangePasswordTime?.getTime() ?? 0,
    );
  });
});

describe('ageFromBirthday', () => {
  it('accepts today and refuses tomorrow', () => {
    expect(ageFromBirthday('2000-06-15', new Date(2026, 5, 15))).toBe(26);
    expect(() => ageFromBirthday('2026-06-16', new Date(2026, 5, 15))).toThrow();
  });
});

describe('ageOn', () => {
  it('counts whole years, the birthday itself included', () => {
    expect(ageOn('2000-06-15', new Date(2026, 5, 14))).toBe(25);
    expect(ageOn('2000-06-15', new Date(2026, 5, 15))).toBe(26);
  });
});
