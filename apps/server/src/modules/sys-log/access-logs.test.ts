import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { csvLines } from '../../../test/export-kit.js';
import { VISIT_ROUTES } from '../../platform/logs/visit-log.js';

/** The visit, exception and HTTP request logs, written by the request hooks and read through their pages. */
let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const page = async (log: string, body: Record<string, unknown> = {}, headers = en) => {
  await t.ctx.audit.flush();
  const res = await t.call('POST', `/api/${log}/page`, admin, body, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; items: Record<string, unknown>[] };
};

describe('the visit log', () => {
  it('every route it watches exists', () => {
    const routes = new Set(t.app.routeTable.map((r) => r.url));
    for (const url of Object.keys(VISIT_ROUTES)) expect(routes, url).toContain(url);
  });

  it('records a refused sign-in with its reason, a sign-in and a sign-out with browser, system and place', async () => {
    const refused = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'staff', password: t.encrypt('nope-Nope1!') },
      { ...en, 'user-agent': CHROME },
    );
    expect(refused.statusCode).toBe(400);
    const signIn = await t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'staff', password: t.encrypt(DEMO_PASSWORD) },
      { 'user-agent': CHROME },
    );
    expect(signIn.statusCode).toBe(200);
    const token = signIn.json().result.accessToken as string;
    expect(
      (await t.call('POST', '/api/sysAuth/logout', token, undefined, { 'user-agent': CHROME })).statusCode,
    ).toBe(200);
    const { items } = await page('sysLogVis', { account: 'staff' });
    expect(items.slice(0, 3)).toMatchObject([
      { actionName: 'logout', account: 'staff', success: true, loginMode: null },
      { actionName: 'login', account: 'staff', success: true, loginMode: 'password', message: null },
      {
        actionName: 'login',
        account: 'staff',
        success: false,
        message: 'Please check your user name/e-mail or password.',
      },
    ]);
    for (const row of items.slice(0, 3)) {
      expect(row).toMatchObject({ browser: 'Chrome 131', os: 'Windows', remoteIp: '127.0.0.1' });
      // The test client is on the loopback address: the local network, in the reader's language.
      expect(row.location).toBe('Local network');
    }
    expect(items[1]!.realName).toBeTruthy();
    const zh = await page('sysLogVis', { account: 'staff', pageSize: 1 }, { 'accept-language': 'zh-CN' });
    expect(zh.items[0]!.location).toBe('局域网');
  });

  it('records a sign-in by SMS code as such, its code redacted in the HTTP request log', async () => {
    const phone = '13800000003';
    expect((await t.call('POST', `/api/sysSms/sendSms/${phone}`)).statusCode).toBe(200);
    const code = t.sms.get(phone)!;
    const res = await t.call('POST', '/api/sysAuth/loginPhone', undefined, { phone, code });
    expect(res.statusCode, res.body).toBe(200);
    const { items } = await page('sysLogVis', { pageSize: 1 });
    expect(items[0]).toMatchObject({
      actionName: 'login',
      loginMode: 'phone',
      success: true,
      account: 'staff',
    });
    const http = await page('sysLogHttp', { url: '/api/sysAuth/loginPhone', pageSize: 1 });
    expect(JSON.parse(http.items[0]!.requestBody as string)).toEqual({ phone, code: '***' });
  });

  it('lists the latest sign-ins, answers one entry, and exports with coded columns as words', async () => {
    const list = await t.call('GET', '/api/sysLogVis/list', admin);
    expect(list.statusCode).toBe(200);
    const latest = list.json().result as { id: string; actionName: string; success: boolean }[];
    expect(latest.length).toBeGreaterThan(0);
    expect(latest.every((r) => r.actionName === 'login' && r.success)).toBe(true);
    const detail = await t.call('GET', `/api/sysLogVis/detail/${latest[0]!.id}`, admin);
    expect(detail.json().result.id).toBe(latest[0]!.id);
    const file = await t.call(
      'POST',
      '/api/sysLogVis/export',
      admin,
      {
        format: 'csv',
        account: 'staff',
        columns: [
          { key: 'actionName', title: 'Action' },
          { key: 'success', title: 'OK' },
        ],
      },
      en,
    );
    expect(file.statusCode, file.body).toBe(200);
    // Newest first: the SMS sign-in, then the sign-out, the sign-in and the refused one.
    expect(csvLines(file.body)).toEqual([
      'Action,OK',
      'Sign-in,Yes',
      'Sign-out,Yes',
      'Sign-in,Yes',
      'Sign-in,No',
    ]);
  });

  it('clears only with its permission', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await t.call('POST', '/api/sysLogVis/clear', member)).statusCode).toBe(403);
    const res = await t.call('POST', '/api/sysLogVis/clear', admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toBeGreaterThan(0);
    expect((await page('sysLogVis')).total).toBe(0);
  });
});

describe('the exception log', () => {
  it('keeps a server error under the reference its answer shows', async () => {
    // Warm the session, then let the next tenant transaction fail as a lost database would.
    expect((await t.call('GET', '/api/sysPos/list', admin)).statusCode).toBe(200);
    const spy = vi.spyOn(t.ctx.db, 'tenant').mockRejectedValueOnce(new Error('connection terminated'));
    const res = await t.call('GET', '/api/sysPos/list', admin, undefined, en);
    spy.mockRestore();
    expect(res.statusCode).toBe(500);
    const ref = /\(ref: (\d+)\)$/.exec(res.json().message)?.[1];
    expect(ref, res.json().message).toBeTruthy();
    const { items } = await page('sysLogEx', { requestId: ref });
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      requestId: ref,
      method: 'GET',
      url: '/api/sysPos/list',
      statusCode: 500,
      account: 'admin',
      message: 'Error: connection terminated',
    });
    const detail = await t.call('GET', `/api/sysLogEx/detail/${items[0]!.id as string}`, admin);
    expect(detail.json().result.stack).toContain('connection terminated');
    expect((await t.call('POST', '/api/sysLogEx/export', admin, { format: 'csv' })).statusCode).toBe(200);
  });

  it('keeps nothing for a refusal (4xx)', async () => {
    const res = await t.call('GET', '/api/sysLogEx/detail/1300000999999', admin, undefined, en);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).not.toContain('ref:');
    expect((await page('sysLogEx', { url: '/api/sysLogEx/detail' })).items).toEqual([]);
  });
});

describe('the HTTP request log', () => {
  it('keeps changing calls with secrets redacted and credentials headers dropped, not reads', async () => {
    await t.call('POST', '/api/sysAuth/login', undefined, {
      account: 'admin',
      password: t.encrypt(DEMO_PASSWORD),
      codeId: '1',
      code: '7788',
    });
    await t.call('GET', '/api/sysPos/list', admin);
    const { items } = await page('sysLogHttp', { url: '/api/sysAuth/login', pageSize: 1 });
    const row = items[0]!;
    expect(row).toMatchObject({ method: 'POST', statusCode: 200, url: '/api/sysAuth/login' });
    expect(JSON.parse(row.requestBody as string)).toEqual({
      account: 'admin',
      password: '***',
      codeId: '1',
      code: '***',
    });
    const answer = JSON.parse(row.responseBody as string).result;
    expect(answer).toMatchObject({ accessToken: '***', refreshToken: '***' });
    expect(row.responseBody).not.toContain('eyJ');
    // Reads are left out: GETs, and POSTs the registry marks as reads (page, export).
    await t.call('POST', '/api/sysPos/add', admin, { name: 'Logged', code: 'logged-http' });
    await t.call('POST', '/api/sysLogOp/page', admin, {});
    const mine = await page('sysLogHttp', { pageSize: 200 });
    const urls = mine.items.map((r) => `${r.method as string} ${r.url as string}`);
    expect(urls).toContain('POST /api/sysPos/add');
    expect(urls).not.toContain('GET /api/sysPos/list');
    expect(urls).not.toContain('POST /api/sysLogOp/page');
    const paged = await page('sysLogHttp', { url: '/api/sysLogVis/clear', pageSize: 1 });
    expect(paged.items[0]).toMatchObject({ account: 'admin' });
    expect(paged.items[0]!.requestHeaders).not.toMatch(/authorization|bearer/i);
  });
});
