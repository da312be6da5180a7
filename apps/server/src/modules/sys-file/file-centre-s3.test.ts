import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { multipartForm } from '../../../test/multipart-form-kit.js';
import { tinyPng, upload } from '../../../test/multipart-test-kit.js';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server.js';
import { loadConfig } from '../../config.js';
import { fileStorageFor } from '../../platform/files/file-storage.js';
import type { S3Storage } from '../../platform/files/s3-storage.js';

/**
 * The file centre with STORAGE_PROVIDER=s3 against a local S3-compatible server (s3rver): the whole
 * flow of the API once, and the avatar upload, with the objects checked in the bucket itself.
 */
let s3: S3TestServer;
let t: TestApp;
let bucket: S3Storage;
let admin: string;

beforeAll(async () => {
  s3 = await startS3TestServer('lintel-files');
  t = await createTestApp(s3.settings);
  admin = (await t.login('admin')).accessToken;
  // A client of its own, to look into the bucket without the app.
  bucket = fileStorageFor(loadConfig({ NODE_ENV: 'test', ...s3.settings })) as S3Storage;
});
afterAll(async () => {
  bucket?.close();
  await t?.close();
  await s3?.close();
});

const keyOf = (url: string) => url.replace(/^\/upload\//, '');
const VIDEO = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(200, 7)]);

describe('file centre on S3 storage', () => {
  it('uploads, pages, previews with ranges, downloads and deletes through the bucket', async () => {
    const { payload, contentType } = multipartForm([{ name: 'walkthrough.mp4', data: VIDEO }], {
      path: 'site',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/sysFile/uploadFile',
      payload,
      headers: { 'content-type': contentType, authorization: `Bearer ${admin}` },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json().result as { id: string; url: string };
    expect(url).toMatch(new RegExp(`^/upload/${SEED_IDS.tenant}/file/[0-9a-f]{32}\\.mp4$`));
    expect(await bucket.read(keyOf(url))).toEqual(VIDEO);

    const page = (await t.call('POST', '/api/sysFile/page', admin, { filePath: 'site' })).json().result;
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ id, provider: 's3', bucketName: 'lintel-files', family: 'video' });

    const preview = await t.call('GET', `/api/sysFile/preview/${id}`, admin, undefined, {
      range: 'bytes=4-11',
    });
    expect(preview.statusCode).toBe(206);
    expect(preview.headers['content-type']).toBe('video/mp4');
    expect(preview.headers['content-range']).toBe(`bytes 4-11/${VIDEO.length}`);
    expect(preview.body).toBe('ftypmp42');

    const download = await t.call('POST', '/api/sysFile/downloadFile', admin, { id });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="walkthrough.mp4"/);
    expect(download.rawPayload).toEqual(VIDEO);

    expect((await t.call('POST', '/api/sysFile/delete', admin, { id })).statusCode).toBe(200);
    expect(await bucket.size(keyOf(url))).toBeUndefined();
    expect((await t.call('GET', `/api/sysFile/preview/${id}`, admin)).statusCode).toBe(404);
  });

  it('keeps avatars working: stored in the bucket and served at their address', async () => {
    const png = tinyPng();
    const res = await upload(t, '/api/sysFile/uploadAvatar', admin, png);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().result as { url: string };
    expect(await bucket.read(keyOf(url))).toEqual(png);
    const served = await t.app.inject({ url, headers: { authorization: `Bearer ${admin}` } });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(png);
  });
});
