import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { tinyPng, upload } from '../../../test/multipart-test-kit.js';
import type { FileRow } from './sys-file.schema.js';
import { multipartForm } from '../../../test/multipart-form-kit.js';

let t: TestApp;
let dataDir: string;
let admin: string;
let staff: string;
let other: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-file-centre-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = (await t.login('admin')).accessToken;
  staff = (await t.login('staff')).accessToken;
  const tenant = await createOtherTenant(t);
  other = (await t.login('admin', tenant.password, tenant.tenantId)).accessToken;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const TEXT = Buffer.from('0123456789abcdefghij');

const send = (url: string, token: string | undefined, ...args: Parameters<typeof multipartForm>) => {
  const { payload, contentType } = multipartForm(...args);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}), ...en },
  });
};
const uploadOne = async (name: string, data: Buffer, fields: Record<string, string> = {}) => {
  const res = await send('/api/sysFile/uploadFile', admin, [{ name, data }], fields);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { id: string; url: string; fileName: string; suffix: string; sizeKb: number };
};
const records = () => t.ctx.db.platform((trx) => trx.selectFrom('sysFile').selectAll().execute());
const onDisk = (url: string) => fs.readFile(path.join(dataDir, url.replace(/^\/upload\//, 'upload/')));
const page = async (body: object, token = admin) => {
  const res = await t.call('POST', '/api/sysFile/page', token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as { total: number; items: FileRow[] };
};

describe('file centre uploads', () => {
  it('stores a file with its form fields, checked from its content, under a random name', async () => {
    const png = tinyPng();
    const up = await uploadOne('Site photo.PNG', png, {
      path: 'contracts/2026',
      fileType: 'photo',
      isPublic: 'false',
      dataId: '42',
    });
    expect(up.url).toMatch(new RegExp(`^/upload/${SEED_IDS.tenant}/file/[0-9a-f]{32}\\.png$`));
    expect(await onDisk(up.url)).toEqual(png);
    const row = (await t.call('GET', `/api/sysFile/file?id=${up.id}`, admin)).json().result;
    expect(row).toMatchObject({
      fileName: 'Site photo.PNG',
      suffix: 'png',
      filePath: 'contracts/2026',
      fileType: 'photo',
      isPublic: false,
      dataId: '42',
      kind: 'file',
      provider: 'local',
      bucketName: null,
      contentType: 'image/png',
      family: 'image',
      sizeKb: 1,
      sizeInfo: `${png.length} B`,
    });
    expect(row.fileMd5).toMatch(/^[0-9a-f]{32}$/);
  });

  it('refuses content that does not match its extension, and types that are not accepted, storing nothing', async () => {
    const before = (await records()).length;
    const mismatch = await send('/api/sysFile/uploadFile', admin, [{ name: 'report.pdf', data: tinyPng() }]);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().message).toBe("The file's content does not match its .pdf extension.");
    const html = await send('/api/sysFile/uploadFile', admin, [
      { name: 'page.html', data: Buffer.from('<p>x') },
    ]);
    expect(html.statusCode).toBe(400);
    expect(html.json().message).toMatch(/^Files of type \.html are not accepted\. Allowed types: png, jpg/);
    const narrowed = await send('/api/sysFile/uploadFile', admin, [{ name: 'a.png', data: tinyPng() }], {
      allowSuffix: '.pdf,.docx',
    });
    expect(narrowed.json().message).toBe('Files of type .png are not accepted. Allowed types: pdf, docx.');
    const badField = await send('/api/sysFile/uploadFile', admin, [{ name: 'a.png', data: tinyPng() }], {
      path: '../etc',
    });
    expect(badField.statusCode).toBe(400);
    expect((await records()).length).toBe(before);
  });

  it('answers 413 above 10 MB on every upload path', async () => {
    const big = tinyPng(10 * 1024 * 1024 + 1);
    const form = await send('/api/sysFile/uploadFile', admin, [{ name: 'big.png', data: big }]);
    expect(form.statusCode).toBe(413);
    expect(form.json().message).toBe('The file is larger than 10 MB.');
    const many = await send('/api/sysFile/uploadFiles', admin, [
      { name: 'big.png', data: big, field: 'files' },
    ]);
    expect(many.statusCode).toBe(413);
    const b64 = await t.call(
      'POST',
      '/api/sysFile/uploadFileFromBase64',
      admin,
      { fileName: 'big.png', fileDataBase64: big.toString('base64') },
      en,
    );
    expect(b64.statusCode).toBe(413);
  });

  it('takes several files at once; one refused file stores none of them', async () => {
    const before = (await records()).length;
    const files = [
      { name: 'a.txt', data: TEXT, field: 'files' },
      { name: 'b.pdf', data: PDF, field: 'files' },
    ];
    const ok = await send('/api/sysFile/uploadFiles', admin, files, { path: 'batch' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().result.map((f: { suffix: string }) => f.suffix)).toEqual(['txt', 'pdf']);
    const bad = await send('/api/sysFile/uploadFiles', admin, [
      ...files,
      { name: 'c.pdf', data: TEXT, field: 'files' },
    ]);
    expect(bad.statusCode).toBe(400);
    expect((await records()).length).toBe(before + 2);
  });

  it('takes base64 and data URLs under the same rules', async () => {
    const res = await t.call('POST', '/api/sysFile/uploadFileFromBase64', admin, {
      fileName: 'scan.pdf',
      fileDataBase64: `data:application/pdf;base64,${PDF.toString('base64')}`,
      path: 'scans',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await onDisk(res.json().result.url)).toEqual(PDF);
    const bad = await t.call(
      'POST',
      '/api/sysFile/uploadFileFromBase64',
      admin,
      { fileName: 'x.pdf', fileDataBase64: '***' },
      en,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The file data is not valid base64.');
    const mismatch = await t.call('POST', '/api/sysFile/uploadFileFromBase64', admin, {
      fileName: 'x.pdf',
      fileDataBase64: TEXT.toString('base64'),
    });
    expect(mismatch.statusCode).toBe(400);
  });

  it('needs the upload permission', async () => {
    expect((await send('/api/sysFile/uploadFile', staff, [{ name: 'a.txt', data: TEXT }])).statusCode).toBe(
      403,
    );
    expect(
      (await send('/api/sysFile/uploadFile', undefined, [{ name: 'a.txt', data: TEXT }])).statusCode,
    ).toBe(401);
  });
});

describe('file centre records', () => {
  it('pages by name, suffix, type, folder (with subfolders) and time, and lists the folder tree', async () => {
    await uploadOne('deep.txt', TEXT, { path: 'contracts/2026/q1' });
    expect((await page({ fileName: 'site photo' })).items.map((f) => f.fileName)).toEqual(['Site photo.PNG']);
    expect((await page({ suffix: '.PDF' })).items.every((f) => f.suffix === 'pdf')).toBe(true);
    expect((await page({ fileType: 'photo' })).total).toBe(1);
    const contracts = await page({ filePath: 'contracts' });
    expect(contracts.items.map((f) => f.fileName).sort()).toEqual(['Site photo.PNG', 'deep.txt']);
    expect((await page({ filePath: 'contracts/2026/q1' })).total).toBe(1);
    expect((await page({ startTime: '2000-01-01T00:00:00Z', endTime: '2000-12-31T00:00:00Z' })).total).toBe(
      0,
    );
    expect((await page({ startTime: new Date(Date.now() - 60_000).toISOString() })).total).toBeGreaterThan(3);

    const tree = (await t.call('GET', '/api/sysFile/folder', admin)).json().result;
    const contractsNode = tree.find((n: { path: string }) => n.path === 'contracts');
    expect(contractsNode).toMatchObject({ name: 'contracts', fileCount: 0 });
    expect(contractsNode.children[0]).toMatchObject({ path: 'contracts/2026', fileCount: 1 });
    expect(contractsNode.children[0].children[0]).toMatchObject({ path: 'contracts/2026/q1', fileCount: 1 });
    expect(tree.map((n: { path: string }) => n.path)).toEqual(expect.arrayContaining(['batch', 'scans']));
  });

  it('is the tenant’s own: staff reads by id but does not manage; another tenant sees nothing', async () => {
    const up = await uploadOne('mine.txt', TEXT);
    expect((await t.call('POST', '/api/sysFile/page', staff, {})).statusCode).toBe(403);
    expect((await t.call('GET', `/api/sysFile/file?id=${up.id}`, staff)).statusCode).toBe(200);
    expect((await t.call('GET', `/api/sysFile/file?id=${up.id}`, other)).statusCode).toBe(404);
    expect((await t.call('GET', `/api/sysFile/preview/${up.id}`, other)).statusCode).toBe(404);
    // The new tenant has not been granted the file centre (403); granted, its rows would not show (RLS).
    expect([403, 404]).toContain(
      (await t.call('POST', '/api/sysFile/delete', other, { id: up.id })).statusCode,
    );
    expect((await t.call('GET', `/api/sysFile/file?id=${up.id}`, admin)).statusCode).toBe(200);
    const ids = (await t.call('GET', `/api/sysFile/fileByIds?ids=${up.id}&ids=1`, other)).json().result;
    expect(ids).toEqual([]);
    const mine = (await t.call('GET', `/api/sysFile/fileByIds?ids=${up.id}`, admin)).json().result;
    expect(mine.map((f: { id: string }) => f.id)).toEqual([up.id]);
    // Its address: private, so neither anonymous callers nor the other tenant's sessions read it.
    expect((await t.app.inject({ url: up.url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: up.url, headers: { authorization: `Bearer ${other}` } })).statusCode,
    ).toBe(404);
    expect(
      (await t.app.inject({ url: up.url, headers: { authorization: `Bearer ${staff}` } })).statusCode,
    ).toBe(200);
  });

  it('renames, recategorises, moves and publishes; a public file is served to anyone with its address', async () => {
    const up = await uploadOne('plan.pdf', PDF);
    const res = await t.call('POST', '/api/sysFile/update', admin, {
      id: up.id,
      fileAlias: '施工计划 2026',
      fileType: 'plan',
      filePath: 'plans',
      isPublic: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const row = (await t.call('GET', `/api/sysFile/file?id=${up.id}`, admin)).json().result;
    expect(row).toMatchObject({
      fileAlias: '施工计划 2026',
      fileType: 'plan',
      filePath: 'plans',
      isPublic: true,
    });
    const anonymous = await t.app.inject({ url: up.url });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.headers['content-type']).toBe('application/pdf');
    expect(anonymous.rawPayload).toEqual(PDF);
    await t.call('POST', '/api/sysFile/update', admin, { id: up.id, isPublic: false });
    expect((await t.app.inject({ url: up.url })).statusCode).toBe(404);
    // Avatars keep their visibility.
    const avatar = (await upload(t, '/api/sysFile/uploadAvatar', staff, tinyPng())).json().result;
    const fixed = await t.call('POST', '/api/sysFile/update', admin, { id: avatar.id, isPublic: true }, en);
    expect(fixed.statusCode).toBe(400);
    expect(fixed.json().message).toBe('Avatars, signatures and logos keep their own visibility.');
  });

  it('previews inline with the checked type and serves byte ranges for seeking', async () => {
    const up = await uploadOne('clip.txt', TEXT);
    const preview = await t.call('GET', `/api/sysFile/preview/${up.id}`, admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(preview.headers['content-disposition']).toMatch(/^inline; filename="clip.txt"/);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.headers['accept-ranges']).toBe('bytes');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.body).toBe(TEXT.toString());
    const range = await t.call('GET', `/api/sysFile/preview/${up.id}`, admin, undefined, {
      range: 'bytes=2-5',
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 2-5/${TEXT.length}`);
    expect(range.body).toBe('2345');
    const tail = await t.call('GET', `/api/sysFile/preview/${up.id}`, admin, undefined, {
      range: 'bytes=-3',
    });
    expect(tail.body).toBe('hij');
    const beyond = await t.call('GET', `/api/sysFile/preview/${up.id}`, admin, undefined, {
      range: 'bytes=500-',
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${TEXT.length}`);
    // The served address seeks too (the web app's <video> uses it, with the file cookie).
    const served = await t.app.inject({
      url: up.url,
      headers: { authorization: `Bearer ${admin}`, range: 'bytes=0-0' },
    });
    expect(served.statusCode).toBe(206);
    expect(served.body).toBe('0');
  });

  it('downloads under the alias with an RFC 5987 name, and as base64 by id or address', async () => {
    const up = await uploadOne('report.pdf', PDF);
    await t.call('POST', '/api/sysFile/update', admin, { id: up.id, fileAlias: '月报 "最终"' });
    const res = await t.call('POST', '/api/sysFile/downloadFile', admin, { id: up.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="__ ____.pdf"; filename*=UTF-8''${encodeURIComponent('月报 "最终".pdf')}`,
    );
    expect(res.rawPayload).toEqual(PDF);
    const byId = await t.call('POST', '/api/sysFile/downloadFileBase64', admin, { id: up.id });
    expect(Buffer.from(byId.json().result, 'base64')).toEqual(PDF);
    const byUrl = await t.call('POST', '/api/sysFile/downloadFileBase64', admin, {
      url: `http://host${up.url}`,
    });
    expect(Buffer.from(byUrl.json().result, 'base64')).toEqual(PDF);
  });

  it('deletes the record and the stored object; files in use as avatar stay', async () => {
    const up = await uploadOne('gone.txt', TEXT);
    expect((await onDisk(up.url)).length).toBe(TEXT.length);
    expect((await t.call('POST', '/api/sysFile/delete', staff, { id: up.id })).statusCode).toBe(403);
    const res = await t.call('POST', '/api/sysFile/delete', admin, { id: up.id });
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.call('GET', `/api/sysFile/file?id=${up.id}`, admin)).statusCode).toBe(404);
    await expect(onDisk(up.url)).rejects.toThrow(/ENOENT/);
    expect((await t.call('POST', '/api/sysFile/delete', admin, { id: up.id })).statusCode).toBe(404);

    const avatar = (await upload(t, '/api/sysFile/uploadAvatar', staff, tinyPng())).json().result;
    const inUse = await t.call('POST', '/api/sysFile/delete', admin, { id: avatar.id }, en);
    expect(inUse.statusCode).toBe(409);
    expect(inUse.json().message).toBe(
      'The file is in use as an avatar, signature or logo and cannot be deleted.',
    );
    expect((await onDisk(avatar.url)).length).toBeGreaterThan(0);
  });
});
