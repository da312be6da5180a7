import { PASSWORD_CHANGE_HEADER } from '@lintel/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';

/**
 * The tenant settings forceChangePassword and passwordExpirationTime are enforced by the gate: a
 * session whose account must change its password is refused everything but the calls needed to
 * change it and to leave, until it has.
 */
let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const DAY_MS = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const settings = (body: { forceChangePassword?: boolean; passwordExpirationTime?: number }) =>
  t.call('POST', '/api/sysTenant/saveSysInfo', admin, body);

/** Sets when an account last changed its password (null: never), as the database holds it. */
async function passwordChanged(userId: string, at: Date | null) {
  await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx.updateTable('sysUser').set({ lastChangePasswordTime: at }).where('id', '=', userId).execute(),
  );
  await t.ctx.sessions.touchUser(userId);
}

async function changePassword(token: string, from: string, to: string) {
  return t.call(
    'POST',
    '/api/sysUser/changePwd',
    token,
    { passwordOld: t.encrypt(from), passwordNew: t.encrypt(to) },
    en,
  );
}

afterEach(async () => {
  expect((await settings({ forceChangePassword: false, passwordExpirationTime: 0 })).statusCode).toBe(200);
});

describe('a tenant without the settings', () => {
  it('serves an account that never changed its password, or changed it long ago', async () => {
    await passwordChanged(SEED_IDS.staff, null);
    const staff = (await t.login('staff')).accessToken;
    expect((await t.call('GET', '/api/sysUser/baseInfo', staff)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result.passwordChangeDue).toBeNull();
    await passwordChanged(SEED_IDS.staff, new Date(Date.now() - 4000 * DAY_MS));
    expect((await t.call('GET', '/api/sysUser/baseInfo', staff)).statusCode).toBe(200);
  });
});

describe('forceChangePassword', () => {
  it('refuses every other call of an account that never changed its password, until it does', async () => {
    expect((await settings({ forceChangePassword: true })).statusCode).toBe(200);
    await passwordChanged(SEED_IDS.staff, null);
    const session = await t.login('staff');

    for (const [method, url] of [
      ['GET', '/api/sysUser/baseInfo'],
      ['GET', '/api/sysMenu/loginMenuTree'],
      ['POST', '/api/sysUser/page'],
    ] as const) {
      const res = await t.call(method, url, session.accessToken, method === 'POST' ? {} : undefined, en);
      expect([url, res.statusCode]).toEqual([url, 403]);
      expect(res.headers[PASSWORD_CHANGE_HEADER]).toBe('firstSignIn');
      expect(res.json()).toMatchObject({
        code: 403,
        type: 'error',
        message:
          'Please change your password before you continue: this account has not set a password of its own yet.',
      });
    }
    const zh = await t.call('GET', '/api/sysUser/baseInfo', session.accessToken, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(zh.json().message).toBe('请先修改密码再继续：此账号尚未设置自己的密码。');

    // What the change-password screen needs works: who am I (with the reason), the public
    // settings and captcha, refreshing the token pair.
    const info = await t.call('GET', '/api/sysAuth/userInfo', session.accessToken);
    expect(info.statusCode).toBe(200);
    expect(info.json().result).toMatchObject({ account: 'staff', passwordChangeDue: 'firstSignIn' });
    expect((await t.call('GET', `/api/sysTenant/sysInfo/${SEED_IDS.tenant}`)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/captcha')).statusCode).toBe(200);
    const refreshed = await t.call('GET', '/api/sysAuth/refreshToken', undefined, undefined, {
      'x-authorization': `Bearer ${session.refreshToken}`,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);

    // Changing the password ends the session; the new one signs in and is served.
    const changed = await changePassword(refreshed.json().result.accessToken, DEMO_PASSWORD, 'Fresh#Pass1');
    expect(changed.statusCode, changed.body).toBe(200);
    const after = (await t.login('staff', 'Fresh#Pass1')).accessToken;
    expect((await t.call('GET', '/api/sysUser/baseInfo', after)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', after)).json().result.passwordChangeDue).toBeNull();
    // Back to the demo password (a change of one's own: it counts as changed).
    expect((await changePassword(after, 'Fresh#Pass1', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('lets such a session sign out', async () => {
    await settings({ forceChangePassword: true });
    await passwordChanged(SEED_IDS.member, null);
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysAuth/logout', member)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/sysAuth/userInfo', member)).statusCode).toBe(401);
    await passwordChanged(SEED_IDS.member, new Date());
  });

  it('takes effect in a session already open, on its next call', async () => {
    await passwordChanged(SEED_IDS.member, null);
    const member = (await t.login('member')).accessToken;
    expect((await t.call('GET', '/api/sysUser/baseInfo', member)).statusCode).toBe(200);
    await settings({ forceChangePassword: true });
    expect((await t.call('GET', '/api/sysUser/baseInfo', member)).statusCode).toBe(403);
    await passwordChanged(SEED_IDS.member, new Date());
    expect((await t.call('GET', '/api/sysUser/baseInfo', member)).statusCode).toBe(200);
  });

  it("asks again after an administrator's reset", async () => {
    await settings({ forceChangePassword: true });
    const reset = await t.call('POST', '/api/sysUser/resetPwd', admin, {
      id: SEED_IDS.member,
      password: t.encrypt('Reset#Pass1'),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const member = (await t.login('member', 'Reset#Pass1')).accessToken;
    const res = await t.call('GET', '/api/sysUser/baseInfo', member);
    expect(res.statusCode).toBe(403);
    expect(res.headers[PASSWORD_CHANGE_HEADER]).toBe('firstSignIn');
    expect((await changePassword(member, 'Reset#Pass1', DEMO_PASSWORD)).statusCode).toBe(200);
  });
});

describe('passwordExpirationTime', () => {
  it('refuses an account whose password is older than the tenant allows, until it is changed', async () => {
    expect((await settings({ passwordExpirationTime: 30 })).statusCode).toBe(200);
    await passwordChanged(SEED_IDS.staff, new Date(Date.now() - 29 * DAY_MS));
    const fresh = (await t.login('staff')).accessToken;
    expect((await t.call('GET', '/api/sysUser/baseInfo', fresh)).statusCode).toBe(200);

    await passwordChanged(SEED_IDS.staff, new Date(Date.now() - 31 * DAY_MS));
    const staff = (await t.login('staff')).accessToken;
    const res = await t.call('GET', '/api/sysUser/baseInfo', staff, undefined, en);
    expect(res.statusCode).toBe(403);
    expect(res.headers[PASSWORD_CHANGE_HEADER]).toBe('expired');
    expect(res.json().message).toBe('Your password has expired. Please change it before you continue.');
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result.passwordChangeDue).toBe(
      'expired',
    );

    expect((await changePassword(staff, DEMO_PASSWORD, 'Fresh#Pass2')).statusCode).toBe(200);
    const after = (await t.login('staff', 'Fresh#Pass2')).accessToken;
    expect((await t.call('GET', '/api/sysUser/baseInfo', after)).statusCode).toBe(200);
    expect((await changePassword(after, 'Fresh#Pass2', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it("counts a password never changed from the account's creation", async () => {
    await settings({ passwordExpirationTime: 30 });
    await passwordChanged(SEED_IDS.member, null);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysUser')
        .set({ createTime: new Date(Date.now() - 60 * DAY_MS) })
        .where('id', '=', SEED_IDS.member)
        .execute(),
    );
    await t.ctx.sessions.touchUser(SEED_IDS.member);
    const member = (await t.login('member')).accessToken;
    const res = await t.call('GET', '/api/sysUser/baseInfo', member);
    expect(res.statusCode).toBe(403);
    expect(res.headers[PASSWORD_CHANGE_HEADER]).toBe('expired');
    await passwordChanged(SEED_IDS.member, new Date());
  });
});
