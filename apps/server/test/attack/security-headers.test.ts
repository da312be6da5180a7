import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_PNG } from '../../src/platform/http/assets.js';
import { fileStorageFor } from '../../src/platform/files/file-storage.js';
import { SWAGGER_LOGIN_SCRIPT, SWAGGER_LOGIN_SM2 } from '../../src/platform/http/swagger-login-page.js';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../harness.js';

/**
 * Finding 7 (issue 8), the attack: a page of this server framed by another site (clickjacking), an
 * injected inline script or eval'd string run in the page, a sniffed content type, a one-time
 * OAuth code leaked through the Referer, a first visit over plain http downgraded. Every answer of
 * the server must carry the headers that forbid these (ARCHITECTURE 5): every route of the
 * inventory (signed out and as the super admin), the web app's pages and files (compressed or
 * not), errors, 404s, redirects, the API documentation and its sign-in page, and uploads.
 */

/** The only proxy the app believes: an injected request "from" it may say it came over TLS. */
const PROXY = '10.0.0.1';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
/** Over the compression threshold, so the compression plugin rewrites the answer. */
const SCRIPT = `export const app = 1;\n${'console.log("lintel web app");\n'.repeat(200)}`;
const STYLE = 'body{margin:0}\n'.repeat(200);
/** A tenant logo: public, so no session is needed to read it. */
const UPLOAD = `${SEED_IDS.tenant}/logo/${'0a'.repeat(16)}.png`;

let root: string;
let t: TestApp;
let swaggerCookie: string;
let superToken: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-headers-'));
  const dist = path.join(root, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), INDEX);
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  await fs.writeFile(path.join(dist, 'assets', 'style-def456.css'), STYLE);
  await fs.writeFile(path.join(dist, 'assets', 'style-def456.css.br'), brotliCompressSync(STYLE));
  t = await createTestApp({ WEB_DIST: dist, DATA_DIR: path.join(root, 'data'), TRUST_PROXY: PROXY });
  await fileStorageFor(t.config).save(UPLOAD, LOGO_PNG);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/swagger/submitUrl',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ UserName: 'superAdmin', Password: t.encrypt(DEMO_PASSWORD) }).toString(),
  });
  const cookie = signIn.cookies.find((c) => c.name === 'lintel_swagger');
  if (!cookie) throw new Error(`swagger sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  swaggerCookie = `lintel_swagger=${cookie.value}`;
  superToken = (await t.login('superAdmin')).accessToken;
});

afterAll(async () => {
  await t?.close();
  await fs.rm(root, { recursive: true, force: true });
});

/** Directive name → its sources, as a browser reads the header. */
function directives(policy: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of policy.split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), sources);
  }
  return map;
}

/** The sources that govern scripts: script-src, or default-src when there is none. */
const scriptSources = (csp: Map<string, string[]>) => csp.get('script-src') ?? csp.get('default-src');

type Over = 'http' | 'tls';

/** Asserts the headers of one answer; `label` names it in a failure. */
function expectSecured(label: string, res: LightMyRequestResponse, over: Over = 'http'): void {
  const policy = res.headers['content-security-policy'];
  expect(typeof policy, `${label}: Content-Security-Policy`).toBe('string');
  const csp = directives(policy as string);
  const scripts = scriptSources(csp);
  expect(scripts, `${label}: script-src or default-src`).toBeDefined();
  for (const unsafe of ["'unsafe-inline'", "'unsafe-eval'", "'unsafe-hashes'", 'data:', 'blob:', '*'])
    expect(scripts, `${label}: script-src allows ${unsafe}`).not.toContain(unsafe);
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toBeDefined();
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).not.toContain('*');
  expect(csp.get('object-src') ?? csp.get('default-src'), `${label}: object-src`).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  // Policies that never send an address (path and query) of this site to another origin.
  expect(['no-referrer', 'same-origin', 'strict-origin'], `${label}: Referrer-Policy`).toContain(
    res.headers['referrer-policy'],
  );
  const hsts = res.headers['strict-transport-security'];
  if (over === 'tls') expect(hsts, `${label}: HSTS over TLS`).toMatch(/^max-age=\d{7,}/);
  else expect(hsts, `${label}: HSTS over plain http`).toBeUndefined();
}

/** An injected request, plain or "over TLS" (through the trusted proxy that terminated it). */
function send(options: InjectOptions, over: Over = 'http') {
  const headers = { ...(options.headers ?? {}) };
  if (over === 'tls') headers['x-forwarded-proto'] = 'https';
  return t.app.inject({ ...options, headers, remoteAddress: PROXY });
}

/** Fills path parameters with a plausible value (as routes.test.ts does). */
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'phoneNumber' ? '13800000009' : SEED_IDS.tenant));

const routeCall = (method: string, url: string, token?: string): InjectOptions => ({
  method: method as 'GET' | 'POST',
  url: concrete(url),
  headers: token ? { authorization: `Bearer ${token}` } : {},
  ...(method === 'POST' ? { payload: {} } : {}),
});

describe('security headers on every answer', () => {
  for (const over of ['http', 'tls'] as const) {
    it(`every route of the inventory, signed out, over ${over}`, async () => {
      expect(t.app.routeTable.length).toBeGreaterThan(100);
      for (const route of t.app.routeTable) {
        const res = await send(routeCall(route.method, route.url), over);
        expectSecured(`${route.method} ${route.url} (${res.statusCode})`, res, over);
      }
    });
  }

  it('every route of the inventory as the super admin (successful answers, files, validation errors)', async () => {
    let succeeded = 0;
    for (const route of t.app.routeTable.filter((r) => !r.url.endsWith('/logout'))) {
      const res = await send(routeCall(route.method, route.url, superToken));
      if (res.statusCode === 200) succeeded += 1;
      expectSecured(`${route.method} ${route.url} (${res.statusCode})`, res);
    }
    expect(succeeded).toBeGreaterThan(20);
    // Every route once, the region dataset load and a job run among them: more than the default 30 s.
  }, 180_000);

  it('the web app: pages, the page fallback, build files (compressed on the fly or pre-compressed)', async () => {
    const answers: [string, InjectOptions, number][] = [
      ['index', { url: '/', headers: { accept: HTML } }, 200],
      ['index HEAD', { method: 'HEAD', url: '/', headers: { accept: HTML } }, 200],
      ['page fallback', { url: '/dashboard/home?tab=1', headers: { accept: HTML } }, 200],
      ['asset', { url: '/assets/app-abc123.js' }, 200],
      ['asset gzip', { url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } }, 200],
      ['asset brotli file', { url: '/assets/style-def456.css', headers: { 'accept-encoding': 'br' } }, 200],
      ['build file', { url: '/favicon.svg' }, 200],
      ['missing asset', { url: '/assets/missing-000.js', headers: { accept: HTML } }, 404],
    ];
    for (const [label, options, status] of answers) {
      const res = await send({ method: 'GET', ...options });
      expect(res.statusCode, label).toBe(status);
      expectSecured(label, res);
    }
    const gzip = await send({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
  });

  it('errors, 404s and redirects', async () => {
    const json = { 'content-type': 'application/json' };
    const answers: [string, InjectOptions, number][] = [
      ['unknown API route', { url: '/api/noSuch/route' }, 404],
      // Refused by the router before any hook runs.
      ['malformed address', { url: '/api/sysOAuth/signIn/%E0%A4%A' }, 400],
      ['unknown method', { method: 'OPTIONS', url: '/api/sysAuth/login' }, 404],
      ['bad JSON', { method: 'POST', url: '/api/sysAuth/login', headers: json, payload: '{' }, 400],
      [
        'unsupported media type',
        { method: 'POST', url: '/api/sysAuth/login', headers: { 'content-type': 'text/csv' }, payload: 'a' },
        415,
      ],
      ['expired token', { url: '/api/sysAuth/userInfo', headers: { authorization: 'Bearer x.y.z' } }, 401],
      ['redirect to the swagger sign-in', { url: '/swagger' }, 302],
    ];
    for (const [label, options, status] of answers) {
      const res = await send({ method: 'GET', ...options });
      expect(res.statusCode, label).toBe(status);
      expectSecured(label, res);
    }
  });

  it('the API documentation, its sign-in page and the files of Swagger UI', async () => {
    const cookie = { cookie: swaggerCookie };
    const answers: [string, InjectOptions, number][] = [
      ['swagger sign-in page', { url: '/swagger-login?redirect=%2Fswagger' }, 200],
      ['swagger sign-in script', { url: SWAGGER_LOGIN_SCRIPT }, 200],
      ['swagger sign-in SM2 script', { url: SWAGGER_LOGIN_SM2 }, 200],
      ['swagger UI', { url: '/swagger', headers: cookie }, 200],
      ['swagger UI script', { url: '/swagger/static/swagger-initializer.js', headers: cookie }, 200],
      ['swagger UI style', { url: '/swagger/static/swagger-ui.css', headers: cookie }, 200],
      ['OpenAPI document', { url: '/swagger/json', headers: cookie }, 200],
    ];
    for (const [label, options, status] of answers) {
      const res = await send({ method: 'GET', ...options });
      expect(res.statusCode, label).toBe(status);
      expectSecured(label, res);
    }
  });

  it('uploads keep their stricter policy, which forbids framing too', async () => {
    const stored = await send({ method: 'GET', url: `/upload/${UPLOAD}` });
    expect(stored.statusCode).toBe(200);
    expectSecured('stored upload', stored);
    const csp = directives(stored.headers['content-security-policy'] as string);
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    for (const url of [
      '/upload/logo.png',
      `/upload/${SEED_IDS.tenant}/avatar/${'0b'.repeat(16)}.png`,
      '/favicon.ico',
    ]) {
      expectSecured(url, await send({ method: 'GET', url }));
    }
  });
});

describe('the policy itself', () => {
  it('lets the shell do what it does: inline styles, data and blob images, iframe menus, the hub', async () => {
    const csp = directives(
      (await send({ method: 'GET', url: '/', headers: { accept: HTML } })).headers[
        'content-security-policy'
      ] as string,
    );
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'self'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:', 'blob:']));
    expect(csp.get('frame-src')).toEqual(expect.arrayContaining(['http:', 'https:']));
    expect(csp.get('connect-src')).toEqual(["'self'"]);
  });

  it('sends HSTS only when the request came over TLS, which only a trusted proxy may say', async () => {
    const https = { 'x-forwarded-proto': 'https' };
    const viaProxy = await t.app.inject({
      url: '/api/sysAuth/captcha',
      headers: https,
      remoteAddress: PROXY,
    });
    expect(viaProxy.headers['strict-transport-security']).toMatch(/^max-age=/);
    const spoofed = await t.app.inject({
      url: '/api/sysAuth/captcha',
      headers: https,
      remoteAddress: '203.0.113.9',
    });
    expectSecured('x-forwarded-proto from an untrusted peer', spoofed, 'http');
  });
});
