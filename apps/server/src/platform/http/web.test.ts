import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { loadConfig } from '../../config.js';
import { API_COMPRESSION_THRESHOLD, registerCompression } from './compression.js';
import { IMMUTABLE, REVALIDATE } from './web.js';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div></body></html>';
/** Well over the compression threshold, and compressible. */
const SCRIPT = `export const app = 1;\n${'console.log("lintel web app");\n'.repeat(2000)}`;
const STYLE = 'body{margin:0}\n'.repeat(500);
const SECRET = 'secret outside the web build';
/** Written by the web build (apps/web/version-plugin.ts); the upgrade prompt polls it. */
const VERSION = '{"version":"0.1.0","buildId":"mg1x2y3-abc123"}';

let root: string;
let dist: string;
let web: TestApp;
let bare: TestApp;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-web-'));
  dist = path.join(root, 'dist');
  await fs.mkdir(path.join(dist, 'assets'), { recursive: true });
  await fs.writeFile(path.join(dist, 'index.html'), INDEX);
  await fs.writeFile(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  await fs.writeFile(path.join(dist, '.env'), 'TOKEN=do-not-serve');
  await fs.writeFile(path.join(dist, 'version.json'), VERSION);
  await fs.writeFile(path.join(dist, 'assets', 'app-abc123.js'), SCRIPT);
  // A build that ships pre-compressed files: the .gz sibling is sent as it is.
  await fs.writeFile(path.join(dist, 'assets', 'style-def456.css'), STYLE);
  await fs.writeFile(path.join(dist, 'assets', 'style-def456.css.gz'), gzipSync(STYLE));
  await fs.writeFile(path.join(root, 'secret.txt'), SECRET);
  web = await createTestApp({ WEB_DIST: dist });
  bare = await createTestApp({ WEB_DIST: path.join(root, 'not-built') });
});

afterAll(async () => {
  await web?.close();
  await bare?.close();
  await fs.rm(root, { recursive: true, force: true });
});

const get = (app: TestApp, url: string, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url, headers });

describe('web app serving', () => {
  it('finds apps/web/dist from the server source by default; WEB_DIST overrides it', () => {
    expect(loadConfig({}).webDist).toBe(path.resolve(import.meta.dirname, '../../../../web/dist'));
    expect(loadConfig({ WEB_DIST: 'build/web' }, '/srv/lintel').webDist).toBe('/srv/lintel/build/web');
  });

  it('serves index.html at / and /index.html, always revalidated', async () => {
    for (const url of ['/', '/index.html']) {
      const response = await get(web, url, { accept: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.headers['cache-control']).toBe(REVALIDATE);
      expect(response.body).toBe(INDEX);
    }
    const head = await web.app.inject({ method: 'HEAD', url: '/', headers: { accept: HTML } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('caches hashed files under assets/ for a year, other build files revalidate', async () => {
    const script = await get(web, '/assets/app-abc123.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    expect(script.headers['cache-control']).toBe(IMMUTABLE);
    expect(script.body).toBe(SCRIPT);
    const icon = await get(web, '/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe(REVALIDATE);
  });

  it('serves the version.json of the build uncached, so a tab learns of a new build at once', async () => {
    // The upgrade prompt asks with a query string to step around any cache in between.
    for (const url of ['/version.json', '/version.json?t=1700000000000']) {
      const response = await get(web, url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.json(), url).toEqual(JSON.parse(VERSION));
    }
  });

  it('answers page addresses of the web app with index.html (SPA fallback)', async () => {
    for (const url of ['/login', '/dashboard/home', '/dashboard/home?tab=2', '/system/user/42']) {
      const response = await get(web, url, { accept: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe(REVALIDATE);
      expect(response.body, url).toBe(INDEX);
    }
  });

  it('keeps the JSON 404 for what is not a page navigation or belongs to the server', async () => {
    const cases: [string, Record<string, string>][] = [
      ['/api/nope', { accept: HTML }],
      ['/api/sysAuth/nope', { accept: HTML }],
      ['/api', { accept: HTML }],
      ['/swagger-nope', { accept: HTML }],
      ['/upload/nope.png', { accept: HTML }],
      ['/assets/x.js', { accept: HTML }],
      ['/assets/x.js', {}],
      ['/dashboard/home', { accept: 'application/json' }],
      ['/dashboard/home', {}],
    ];
    for (const [url, headers] of cases) {
      const response = await get(web, url, headers);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.json(), url).toMatchObject({ code: 404, type: 'error' });
    }
    const post = await web.app.inject({ method: 'POST', url: '/dashboard/home', headers: { accept: HTML } });
    expect(post.statusCode).toBe(404);
  });

  it('leaves the existing non-API routes alone', async () => {
    const logo = await get(web, '/upload/logo.png', { accept: HTML });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect((await get(web, '/favicon.ico')).headers['content-type']).toBe('image/png');
    const login = await get(web, '/swagger-login', { accept: HTML, 'accept-language': 'en' });
    expect(login.statusCode).toBe(200);
    expect(login.body).toContain('Lintel API documentation');
    const docs = await get(web, '/swagger', { accept: HTML });
    expect(docs.statusCode).toBe(302);
    expect(docs.headers.location).toMatch(/^\/swagger-login/);
  });

  it('lists no directory and serves no dot file', async () => {
    for (const url of ['/assets', '/assets/', '/.env']) {
      const response = await get(web, url);
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body, url).not.toContain('app-abc123');
      expect(response.body, url).not.toContain('do-not-serve');
    }
  });

  it('refuses path traversal, encoded or not', async () => {
    const urls = [
      '/..%2f..%2fpackage.json',
      '/..%2fsecret.txt',
      '/%2e%2e/secret.txt',
      '/%2e%2e%2fsecret.txt',
      '/assets/../../package.json',
      '/assets/../secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/assets/..%5c..%5csecret.txt',
      '//secret.txt',
      '/./index.html/../../secret.txt',
    ];
    // inject resolves `..` in the URL as a browser would; a raw HTTP request sends it as it is.
    const address = await web.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (url: string, headers: Record<string, string>) =>
      new Promise<{ statusCode: number; body: string }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: url, headers }, (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () => resolve({ statusCode: response.statusCode ?? 0, body }));
          })
          .on('error', reject);
      });
    for (const url of urls) {
      for (const headers of [{}, { accept: HTML }] as Record<string, string>[]) {
        const sent = await raw(url, headers);
        expect([400, 403, 404], url).toContain(sent.statusCode);
        const resolved = await get(web, url, headers);
        // Resolved inside the build (e.g. `/%2e%2e/secret.txt` is `/secret.txt`): at most the app.
        if (resolved.statusCode === 200) expect(resolved.body, url).toBe(INDEX);
        for (const { body } of [sent, resolved]) {
          expect(body, url).not.toContain(SECRET);
          expect(body, url).not.toContain('"workspaces"');
          expect(body, url).not.toContain('@lintel/server');
        }
      }
    }
  });

  it('says honestly that the web app is not built, with how to build it', async () => {
    for (const url of ['/', '/login', '/dashboard/home']) {
      const response = await get(bare, url, { accept: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toMatch(/^text\/html/);
      expect(response.headers['cache-control'], url).toBe('no-store');
      expect(response.body).toContain('not built');
      expect(response.body).toContain('npm run build -w apps/web');
      expect(response.body).toContain('href="/swagger"');
      expect(response.body).not.toContain(root);
    }
    expect((await get(bare, '/assets/app-abc123.js')).statusCode).toBe(404);
    expect((await get(bare, '/api/nope', { accept: HTML })).json()).toMatchObject({ code: 404 });
    expect((await get(bare, '/upload/logo.png')).statusCode).toBe(200);
  });
});

describe('compression', () => {
  it('compresses a large asset with gzip or brotli as asked', async () => {
    const gzip = await get(web, '/assets/app-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gzip.statusCode).toBe(200);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(gzip.headers['cache-control']).toBe(IMMUTABLE);
    expect(gzip.rawPayload.length).toBeLessThan(SCRIPT.length / 10);
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const br = await get(web, '/assets/app-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(web, '/assets/app-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('sends a pre-compressed sibling from the build as it is', async () => {
    const response = await get(web, '/assets/style-def456.css', { 'accept-encoding': 'gzip' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.headers['content-type']).toMatch(/^text\/css/);
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
    expect(gunzipSync(response.rawPayload).toString()).toBe(STYLE);
    expect((await get(web, '/assets/style-def456.css')).body).toBe(STYLE);
  });

  it('compresses large JSON API answers and leaves small ones alone', async () => {
    const small = await web.call('GET', '/api/sysTenant/sysInfo/1300000000001', undefined, undefined, {
      'accept-encoding': 'gzip, br',
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(API_COMPRESSION_THRESHOLD);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().code).toBe(200);

    const { accessToken } = await web.login('superAdmin');
    // What a browser sends: API answers prefer gzip (cheaper per answer), files prefer brotli.
    const large = await web.call('GET', '/api/sysDictType/allDictList', accessToken, undefined, {
      'accept-encoding': 'gzip, deflate, br, zstd',
    });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(large.rawPayload).toString()) as { code: number; result: object };
    expect(body.code).toBe(200);
    expect(Object.keys(body.result)).toContain('AccountTypeEnum');
    const brOnly = await web.call('GET', '/api/sysDictType/allDictList', accessToken, undefined, {
      'accept-encoding': 'br',
    });
    expect(brOnly.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(brOnly.rawPayload).toString()).result).toEqual(body.result);
  });

  it('leaves event streams uncompressed and compresses a streamed answer correctly', async () => {
    const app = Fastify();
    await registerCompression(app);
    const events = 'data: tick\n\n'.repeat(200);
    app.get('/events', async (_request, reply) =>
      reply.type('text/event-stream').send(Readable.from([events])),
    );
    const rows = JSON.stringify(Array.from({ length: 500 }, (_, id) => ({ id, name: `row ${id}` })));
    app.get('/export', async (_request, reply) =>
      reply.type('application/json').send(Readable.from([rows.slice(0, 1000), rows.slice(1000)])),
    );
    try {
      const sse = await app.inject({ url: '/events', headers: { 'accept-encoding': 'gzip, br' } });
      expect(sse.headers['content-encoding']).toBeUndefined();
      expect(sse.body).toBe(events);
      const stream = await app.inject({ url: '/export', headers: { 'accept-encoding': 'gzip' } });
      expect(stream.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(stream.rawPayload).toString()).toBe(rows);
    } finally {
      await app.close();
    }
  });
});
