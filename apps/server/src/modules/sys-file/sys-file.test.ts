import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { JPEG_BYTES, multipartBody, tinyPng, upload, WEBP_BYTES } from '../../../test/multipart-test-kit.js';

let t: TestApp;
let dataDir: string;
let admin: string;
let staff: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-files-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const storedFiles = () => t.ctx.db.platform((trx) => trx.selectFrom('sysFile').selectAll().execute());

describe('sysFile uploads', () => {
  it('refuses anonymous uploads and the logo upload without the permission', async () => {
    expect((await upload(t, '/api/sysFile/uploadAvatar', undefined, tinyPng())).statusCode).toBe(401);
    expect((await upload(t, '/api/sysFile/uploadLogo', staff, tinyPng())).statusCode).toBe(403);
  });

  it('stores an avatar, records it, sets it on the account and serves it', async () => {
    const png = tinyPng();
    const res = await upload(t, '/api/sysFile/uploadAvatar', staff, png, 'me.png');
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json().result as { id: string; url: string };
    // A random name (platform/files/serve-uploads.test.ts checks how random).
    const name = /^\/upload\/\d+\/avatar\/([0-9a-f]{32}\.png)$/.exec(url)?.[1];
    expect(url).toBe(`/upload/${SEED_IDS.tenant}/avatar/${name}`);
    // On disk under DATA_DIR/upload/<tenant>/<kind>/<name>.
    expect(await fs.readFile(path.join(dataDir, 'upload', SEED_IDS.tenant, 'avatar', name!))).toEqual(png);
    const record = (await storedFiles()).find((f) => f.id === id)!;
    expect(record).toMatchObject({
      tenantId: SEED_IDS.tenant,
      kind: 'avatar',
      fileName: 'me.png',
      contentType: 'image/png',
      createUserId: SEED_IDS.staff,
    });
    expect(Number(record.sizeBytes)).toBe(png.length);
    // userInfo shows the new avatar at once (the cached principal was dropped).
    const info = (await t.call('GET', '/api/sysAuth/userInfo', staff)).json().result;
    expect(info.avatar).toBe(url);

    // Served to the tenant's accounts only (platform/files/serve-uploads.test.ts has the rules).
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    const served = await t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${staff}` } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toMatch(/^private, /);
    expect(served.rawPayload).toEqual(png);
  });

  it('accepts jpeg and webp avatars by their content, whatever name and type they claim', async () => {
    const jpeg = await upload(t, '/api/sysFile/uploadAvatar', staff, JPEG_BYTES, 'photo.png', 'image/png');
    expect(jpeg.json().result.url).toMatch(/\.jpg$/);
    const webp = await upload(
      t,
      '/api/sysFile/uploadAvatar',
      staff,
      WEBP_BYTES,
      'x.bin',
      'application/octet-stream',
    );
    expect(webp.json().result.url).toMatch(/\.webp$/);
    const served = await t.app.inject({
      method: 'GET',
      url: webp.json().result.url,
      headers: { authorization: `Bearer ${staff}` },
    });
    expect(served.headers['content-type']).toBe('image/webp');
  });

  it('refuses content that is not an accepted image, even when it claims to be one', async () => {
    const before = (await storedFiles()).length;
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const { payload, contentType } = multipartBody(html, 'evil.png', 'image/png');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sysFile/uploadAvatar',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${staff}`, ...en },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This file type is not accepted. Allowed types: png, jpg, webp.');
    expect((await storedFiles()).length).toBe(before);
  });

  it('takes only PNG for signatures and sets it on the account', async () => {
    const jpeg = await upload(t, '/api/sysFile/uploadSignature', staff, JPEG_BYTES, 'sig.jpg', 'image/jpeg');
    expect(jpeg.statusCode).toBe(400);
    const png = await upload(t, '/api/sysFile/uploadSignature', staff, tinyPng());
    expect(png.statusCode).toBe(200);
    expect(png.json().result.url).toMatch(
      new RegExp(`^/upload/${SEED_IDS.tenant}/signature/[0-9a-f]{32}\\.png$`),
    );
    const info = (await t.call('GET', '/api/sysUser/baseInfo', staff)).json().result;
    expect(info.signature).toBe(png.json().result.url);
  });

  it('answers 413 with a localized message above 10 MB, and takes exactly 10 MB', async () => {
    const over = await t.app.inject({
      method: 'POST',
      url: '/api/sysFile/uploadAvatar',
      ...(() => {
        const { payload, contentType } = multipartBody(tinyPng(10 * 1024 * 1024 + 1));
        return { payload, headers: { 'content-type': contentType, authorization: `Bearer ${staff}`, ...en } };
      })(),
    });
    expect(over.statusCode).toBe(413);
    expect(over.json().message).toBe('The file is larger than 10 MB.');
    const exact = await upload(t, '/api/sysFile/uploadAvatar', staff, tinyPng(10 * 1024 * 1024));
    expect(exact.statusCode, exact.body).toBe(200);
  });

  it('refuses a request without a file', async () => {
    const res = await t.call('POST', '/api/sysFile/uploadAvatar', staff, { file: 'x' }, en);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Please choose a file to upload.');
  });

  it('stores logos for the tenant with the permission', async () => {
    const res = await upload(t, '/api/sysFile/uploadLogo', admin, tinyPng());
    expect(res.statusCode).toBe(200);
    expect(res.json().result.url).toMatch(new RegExp(`^/upload/${SEED_IDS.tenant}/logo/[0-9a-f]{32}\\.png$`));
  });
});

describe('serving /upload', () => {
  it('serves the default logo still', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/upload/logo.png' })).statusCode).toBe(200);
  });
});
