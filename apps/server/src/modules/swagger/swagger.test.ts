import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { peekCaptcha } from '../sys-auth/captcha.js';
import { SIGN_IN_RATE_LIMIT } from '../sys-auth/sign-in-rate-limit.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const en = { 'accept-language': 'en' };

/** The documentation login as its page posts it: form-encoded, the password SM2-encrypted. */
const submit = (app: TestApp, fields: Record<string, string>, remoteAddress = '127.0.0.1') =>
  app.app.inject({
    method: 'POST',
    url: '/api/swagger/submitUrl',
    remoteAddress,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...en },
    payload: new URLSearchParams(fields).toString(),
  });
const form = (UserName: string, password: string, app = t) =>
  submit(app, { UserName, Password: app.encrypt(password) });

const signIn = (app: TestApp, account: string, password: string) =>
  app.call('POST', '/api/sysAuth/login', undefined, { account, password: app.encrypt(password) }, en);

describe('swagger login', () => {
  it('redirects the documentation to the login page without the cookie', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/swagger/json' });
    expect(ui.statusCode).toBe(302);
    expect(ui.headers.location).toMatch(/^\/swagger-login\?redirect=/);
    const page = await t.app.inject({ method: 'GET', url: '/swagger-login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/swagger-login.js');
    expect((await t.call('POST', '/api/swagger/checkUrl')).json().result).toBe(401);
  });

  it('signs an administrator in and serves the OpenAPI document', async () => {
    const res = await form('superAdmin', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lintel_swagger')!;
    expect(cookie.httpOnly).toBe(true);
    const headers = { cookie: `lintel_swagger=${cookie.value}` };
    expect((await t.call('POST', '/api/swagger/checkUrl', undefined, undefined, headers)).json().result).toBe(
      200,
    );
    const doc = await t.app.inject({ method: 'GET', url: '/swagger/json', headers });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(JSON.parse(doc.body).paths);
    expect(paths).toContain('/api/sysAuth/login');
    expect(paths).toContain('/api/sysTenant/sysInfo/{tenantId}');
    expect(paths.filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });

  it('ends with the product session: signing out deletes the swagger cookie', async () => {
    const { accessToken } = await t.login('admin');
    const res = await t.call('POST', '/api/sysAuth/logout', accessToken);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === 'lintel_swagger');
    expect(cookie).toMatchObject({ value: '', maxAge: 0, path: '/' });
  });

  it('takes the fields as JSON too', async () => {
    const res = await t.call(
      'POST',
      '/api/swagger/submitUrl',
      undefined,
      { UserName: 'admin', Password: t.encrypt(DEMO_PASSWORD) },
      en,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(200);
  });

  it('refuses wrong passwords and accounts that are not administrators', async () => {
    const wrong = await form('admin', 'nope');
    expect(wrong.statusCode).toBe(401);
    expect(JSON.parse(wrong.body).message).toBe('Wrong user name or password.');
    expect((await form('staff', DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await submit(t, { UserName: '', Password: '' })).statusCode).toBe(400);
  });

  it('refuses a plain-text password, like sign-in (issue 8, finding 5b)', async () => {
    const res = await submit(t, { UserName: 'superAdmin', Password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(JSON.parse(res.body).message).toContain('could not be decrypted');
    expect(res.cookies.find((c) => c.name === 'lintel_swagger')).toBeUndefined();
  });

  it('does not accept a forged cookie', async () => {
    const res = await t.call('POST', '/api/swagger/checkUrl', undefined, undefined, {
      cookie: 'lintel_swagger=abc.def.ghi',
    });
    expect(res.json().result).toBe(401);
  });
});

describe('swagger login with plain passwords allowed (development tooling)', () => {
  it('accepts the password as typed only when the configuration says so', async () => {
    const dev = await createTestApp({ LINTEL_ALLOW_PLAIN_PASSWORD: 'true' });
    try {
      expect((await submit(dev, { UserName: 'superAdmin', Password: DEMO_PASSWORD })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('swagger login with the captcha on', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ LINTEL_CAPTCHA: 'on' });
  });
  afterAll(async () => c?.close());

  const captcha = async () => {
    const { id } = (await c.call('GET', '/api/sysAuth/captcha')).json().result as { id: string };
    return { id, answer: (await peekCaptcha(c.ctx.cache, id))! };
  };

  it('asks for the image captcha, as sign-in does, and spends each image once', async () => {
    const Password = c.encrypt(DEMO_PASSWORD);
    const missing = await submit(c, { UserName: 'superAdmin', Password });
    expect(missing.statusCode).toBe(400);
    expect(JSON.parse(missing.body).message).toBe('Please enter the verification code.');

    const first = await captcha();
    const wrong = await submit(c, { UserName: 'superAdmin', Password, codeId: first.id, code: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(JSON.parse(wrong.body).message).toMatch(/verification code is wrong/);
    // A wrong guess burns the image.
    const burnt = await submit(c, { UserName: 'superAdmin', Password, codeId: first.id, code: first.answer });
    expect(burnt.statusCode).toBe(400);

    const second = await captcha();
    const right = await submit(c, {
      UserName: 'superAdmin',
      Password,
      codeId: second.id,
      code: second.answer.toUpperCase(),
    });
    expect(right.statusCode).toBe(200);
    expect(right.cookies.find((cookie) => cookie.name === 'lintel_swagger')).toBeDefined();
    const reused = await submit(c, {
      UserName: 'superAdmin',
      Password,
      codeId: second.id,
      code: second.answer,
    });
    expect(reused.statusCode).toBe(400);
  });

  it('checks the captcha before the password: wrong images count no failures', async () => {
    for (let i = 0; i < 6; i++) {
      const { id } = await captcha();
      const res = await submit(c, {
        UserName: 'admin',
        Password: c.encrypt('Wrong@1x'),
        codeId: id,
        code: '?',
      });
      expect(JSON.parse(res.body).message).toMatch(/verification code is wrong/);
    }
    const { id, answer } = await captcha();
    const Password = c.encrypt(DEMO_PASSWORD);
    expect((await submit(c, { UserName: 'admin', Password, codeId: id, code: answer })).statusCode).toBe(200);
  });
});

describe('swagger login lockout and rate limit, shared with sign-in', () => {
  let g: TestApp;
  beforeAll(async () => {
    g = await createTestApp();
  });
  afterAll(async () => g?.close());

  /** Wrong passwords until the account locks; the number of attempts that took. */
  async function failuresUntilLocked(attempt: (n: number) => Promise<{ statusCode: number }>) {
    for (let n = 1; n <= 50; n++) if ((await attempt(n)).statusCode === 429) return n;
    throw new Error('never locked');
  }

  it('locks an account after as many failures as sign-in does, counting both', async () => {
    const threshold = await failuresUntilLocked((n) => signIn(g, 'staff', `Wrong@${n}x`));
    expect(await failuresUntilLocked((n) => form('member', `Wrong@${n}x`, g))).toBe(threshold);
    // Locked by the documentation login: sign-in refuses the right password too, and vice versa.
    const locked = await signIn(g, 'member', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toMatch(/locked/);
    const docs = await form('staff', DEMO_PASSWORD, g);
    expect(docs.statusCode).toBe(429);
    expect(JSON.parse(docs.body).message).toMatch(/locked/);

    // One counter: failures of both routes add up.
    for (let n = 1; n < threshold; n++) expect((await form('admin', `Wrong@${n}y`, g)).statusCode).toBe(401);
    expect((await signIn(g, 'admin', 'Wrong@0y')).statusCode).toBe(429);
    expect((await form('admin', DEMO_PASSWORD, g)).statusCode).toBe(429);
  });

  it('answers 429 once a client exceeds the sign-in rate limit', async () => {
    const client = '203.0.113.50'; // an address of its own: the other tests' requests do not count
    // Bodies that fail validation still count: the limit applies before anything is parsed.
    for (let i = 0; i < SIGN_IN_RATE_LIMIT.max; i++)
      expect((await submit(g, { UserName: '' }, client)).statusCode, `request ${i + 1}`).toBe(400);
    const fields = { UserName: 'superAdmin', Password: g.encrypt(DEMO_PASSWORD) };
    const limited = await submit(g, fields, client);
    expect(limited.statusCode).toBe(429);
    expect(JSON.parse(limited.body).message).toMatch(/Please wait \d+ seconds/);
    // Per client address: another one still gets in.
    expect((await submit(g, fields, '203.0.113.51')).statusCode).toBe(200);
  });
});
