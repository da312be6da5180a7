import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart-test-kit.js';
import { sm2Encrypt as browserEncrypt } from '../../../test/sm2-client.js';
import { sm2Decrypt } from '../../platform/crypto/sm2.js';
import { redactUrl } from '../../platform/logs/logger.js';

let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const en = { 'accept-language': 'en' };

describe('GET /api/sysCommon/apiList', () => {
  it('lists every API route with its group, summary, path and method, for the super admin only', async () => {
    const res = await t.call('GET', '/api/sysCommon/apiList', superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json().result as {
      groupName: string;
      displayName: string;
      routeName: string;
      method: string;
    }[];
    expect(list).toContainEqual({
      groupName: 'sysCommon',
      displayName: expect.stringMatching(/^Load-test a GET route/),
      routeName: 'api/sysCommon/stressTest',
      method: 'POST',
    });
    expect(list).toContainEqual(
      expect.objectContaining({ routeName: 'api/sysCommon/encryptPlainText/{plainText}', method: 'POST' }),
    );
    const listed = new Set(list.map((item) => `${item.method} /${item.routeName}`));
    const routes = t.app.routeTable.map((r) => `${r.method} ${r.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(routes.filter((route) => !listed.has(route))).toEqual([]);
    expect(listed.size).toBe(new Set(routes).size);
    expect((await t.call('GET', '/api/sysCommon/apiList', admin)).statusCode).toBe(403);
  });
});

describe('GET /api/sysCommon/smKeyPair', () => {
  it('makes a new working key pair each call, never the server’s own', async () => {
    const pairs = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.call('GET', '/api/sysCommon/smKeyPair', superAdmin);
      expect(res.statusCode, res.body).toBe(200);
      pairs.push(res.json().result as { privateKey: string; publicKey: string });
    }
    const [first, second] = pairs as [(typeof pairs)[0], (typeof pairs)[0]];
    expect(first.privateKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    expect(second.privateKey).not.toBe(first.privateKey);
    for (const pair of pairs) {
      expect(pair.privateKey).not.toBe(t.ctx.keys.sm2PrivateKey);
      expect(pair.publicKey).not.toBe(t.ctx.keys.sm2PublicKey);
      // What a browser encrypts for the public key, the private key reads.
      expect(sm2Decrypt(browserEncrypt('密钥对 check', pair.publicKey), pair.privateKey)).toBe(
        '密钥对 check',
      );
    }
    expect((await t.call('GET', '/api/sysCommon/smKeyPair', admin)).statusCode).toBe(403);
  });
});

describe('POST /api/sysCommon/encryptPlainText/{plainText}', () => {
  it('encrypts for the server’s key, so sign-in reads it, and keeps the text out of the logs', async () => {
    const text = 'Lintel@2026 中文';
    const url = `/api/sysCommon/encryptPlainText/${encodeURIComponent(text)}`;
    const res = await t.call('POST', url, superAdmin);
    expect(res.statusCode, res.body).toBe(200);
    const cipher = res.json().result as string;
    expect(cipher).toMatch(/^[0-9a-f]+$/);
    expect(sm2Decrypt(cipher, t.ctx.keys.sm2PrivateKey)).toBe(text);
    // Randomised encryption: the same text twice gives two ciphertexts.
    expect((await t.call('POST', url, superAdmin)).json().result).not.toBe(cipher);

    expect((await t.call('POST', url, admin)).statusCode).toBe(403);
    expect(redactUrl(`${url}?x=1`)).toBe('/api/sysCommon/encryptPlainText/[redacted]?x=1');
  });

  it('gives what sign-in takes as an encrypted password', async () => {
    const res = await t.call(
      'POST',
      `/api/sysCommon/encryptPlainText/${encodeURIComponent(DEMO_PASSWORD)}`,
      superAdmin,
    );
    const login = await t.call('POST', '/api/sysAuth/login', undefined, {
      account: 'admin',
      password: res.json().result,
    });
    expect(login.statusCode, login.body).toBe(200);
    expect(login.json().result.accessToken).toBeTruthy();
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function workbook(rows: (string | number)[][]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Accounts');
  sheet.addRow(['Account', 'Real name', 'Org code', 'Phone', 'E-mail', 'Gender', 'Pos code', 'Roles', 'Job']);
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}

const download = (token: string, query = '') =>
  t.app.inject({
    method: 'POST',
    url: `/api/sysCommon/downloadErrorExcelTemp${query}`,
    headers: { authorization: `Bearer ${token}`, ...en },
  });

describe('POST /api/sysCommon/downloadErrorExcelTemp', () => {
  it('answers a localized 400 when the caller has no error workbook', async () => {
    const res = await download(admin);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/30 minutes/);
  });

  it('hands the importer its file back with the refused rows marked, and nobody else', async () => {
    const file = await workbook([
      ['errbook1', '好行', '100102', '', '', '', '', '', ''],
      ['errbook2', '坏行', '999999', 'not-a-phone', '', '', '', '', ''],
    ]);
    const imported = await upload(t, '/api/sysUser/import', admin, file, 'accounts.xlsx', XLSX);
    expect(imported.json().result).toMatchObject({ imported: 1, failed: 1 });

    const res = await download(admin, '?fileName=my-errors');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toContain('my-errors.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(10).value).toBeTruthy(); // the reasons column, after the nine
    expect(sheet.getRow(2).getCell(1).value).toBe('errbook1');
    expect(sheet.getRow(2).getCell(10).value).toBeNull();
    expect(sheet.getRow(2).getCell(1).fill).toBeUndefined();
    expect(sheet.getRow(3).getCell(1).value).toBe('errbook2');
    expect(String(sheet.getRow(3).getCell(10).value)).toContain('999999');
    expect(sheet.getRow(3).getCell(1).fill).toMatchObject({ pattern: 'solid' });
    // Fetched again within its time; another account never gets it.
    expect((await download(admin)).statusCode).toBe(200);
    expect((await download(superAdmin)).statusCode).toBe(400);

    // A later clean import drops it: the download never answers an older file.
    await upload(
      t,
      '/api/sysUser/import',
      admin,
      await workbook([['errbook3', '好', '100102']]),
      'a.xlsx',
      XLSX,
    );
    expect((await download(admin)).statusCode).toBe(400);
  });

  it('refuses a file name with a path in it', async () => {
    expect((await download(admin, '?fileName=..%2Fx')).statusCode).toBe(400);
  });
});
