import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * Issue 9, bug 4 (SPEC 5 "Link check"): the link address of a link or embedded menu must be a
 * well-formed http, https or ftp URL without credentials, on a public host (or one the operator
 * allows with ALLOW_PRIVATE_HOSTS); a path of this site (the registry's `/swagger`) stays possible.
 */
const en = { 'accept-language': 'en' };

/** Addresses a browser would run, render or send somewhere other than a web page. */
const MALFORMED = [
  'javascript:alert(1)',
  'javascript://example.com/%0Aalert(1)',
  'JavaScript:alert(document.domain)',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'example.com/docs',
  '//evil.example/',
  '/\\evil.example/',
  'http://user:secret@example.com/',
  'https://admin@example.com/',
  'https://',
  'java\tscript:alert(1)',
  'https://exa mple.com/',
];

/** Hosts of the server's own machine or network: loopback, private, link-local, unspecified. */
const PRIVATE = [
  'http://127.0.0.1/',
  'http://localhost:8080/',
  'http://app.localhost/',
  'http://[::1]/',
  'http://10.0.0.5/',
  'http://172.16.3.4/',
  'http://192.168.1.1/admin',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
  'http://0.0.0.0/',
  'http://2130706433/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::7f00:1]/',
  'http://[::a9fe:a9fe]/',
  'http://localhost./',
  'http://app.localhost./',
  'ftp://10.1.1.1/pub',
];

/** Public addresses (names that do not resolve here are the browser's to resolve), and a site path. */
const GOOD = [
  'https://example.com/docs',
  'http://93.184.215.14:8080/x?y=1#z',
  'ftp://ftp.example.org/pub/',
  'HTTPS://Example.COM/',
  '/swagger',
  '/help/index.html',
];

describe('menu link addresses', () => {
  let t: TestApp;
  let token: string;
  let serial = 0;
  const add = (outLink: string, isIframe = false) =>
    t.call(
      'POST',
      '/api/sysMenu/add',
      token,
      { type: 2, title: `Link ${++serial}`, path: `/links/l${serial}`, outLink, isIframe },
      en,
    );

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.login('superAdmin')).accessToken;
  });
  afterAll(async () => t?.close());

  it.each(MALFORMED)('refuses the malformed address %j, naming the field', async (link) => {
    for (const isIframe of [false, true]) {
      const res = await add(link, isIframe);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toContain('outLink');
      expect(res.json().message).toContain('http, https or ftp');
    }
  });

  it.each(PRIVATE)('refuses the private address %s, naming the field', async (link) => {
    const res = await add(link, true);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toContain('outLink');
    expect(res.json().message).toContain('must be public');
  });

  it.each(GOOD)('accepts %s', async (link) => {
    const res = await add(link);
    expect(res.statusCode, res.body).toBe(200);
    const stored = await t.ctx.db.global
      .selectFrom('sysMenu')
      .select('outLink')
      .where('id', '=', res.json().result)
      .executeTakeFirstOrThrow();
    expect(stored.outLink).toBe(link);
  });

  it('checks a changed link on update, and leaves an update without one alone', async () => {
    const id = (await add('https://example.com/')).json().result as string;
    const update = (body: object) => t.call('POST', '/api/sysMenu/update', token, { id, ...body }, en);
    expect((await update({ outLink: 'javascript:alert(1)' })).statusCode).toBe(400);
    expect((await update({ outLink: 'http://192.168.0.10/' })).statusCode).toBe(400);
    expect((await update({ title: 'Renamed' })).statusCode).toBe(200);
    expect((await update({ outLink: 'https://example.org/', isIframe: true })).statusCode).toBe(200);
    // Emptying the link makes the menu an ordinary page again.
    expect((await update({ outLink: '' })).statusCode).toBe(200);
  });

  it('answers in the caller’s language', async () => {
    const res = await t.call(
      'POST',
      '/api/sysMenu/add',
      token,
      { type: 2, title: 'Link zh', path: '/links/zh', outLink: 'javascript:alert(1)' },
      { 'accept-language': 'zh-CN' },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('链接地址 outLink');
  });
});

describe('menu link addresses with ALLOW_PRIVATE_HOSTS', () => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ ALLOW_PRIVATE_HOSTS: 'wiki.school.lan,10.0.0.0/8' });
    token = (await t.login('superAdmin')).accessToken;
  });
  afterAll(async () => t?.close());

  const add = (outLink: string, n: number) =>
    t.call(
      'POST',
      '/api/sysMenu/add',
      token,
      { type: 2, title: `Intranet ${n}`, path: `/intranet/${n}`, outLink, isIframe: true },
      en,
    );

  it('opens the intranet hosts the operator names, and only those', async () => {
    expect((await add('http://wiki.school.lan/start', 1)).statusCode).toBe(200);
    expect((await add('https://10.20.30.40:8443/', 2)).statusCode).toBe(200);
    expect((await add('http://192.168.1.1/', 3)).statusCode).toBe(400);
    expect((await add('http://127.0.0.1/', 4)).statusCode).toBe(400);
    // The syntax stays checked for allowed hosts too.
    expect((await add('http://user:pw@wiki.school.lan/', 5)).statusCode).toBe(400);
  });
});
