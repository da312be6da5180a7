import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartBody } from '../../../test/multipart-test-kit.js';

/**
 * In production plugins arrive only as folders an operator places (and a restart loads): the upload
 * of sysPlugin/add, which writes code into the plugins folder from a web request, is refused even to
 * the super admin, and nothing reaches the folder.
 */
let t: TestApp;
let dir: string;
let superAdmin: string;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-plugins-prod-'));
  t = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent', PLUGINS_DIR: dir });
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('plugin upload in production', () => {
  it('is refused with the localized 403, and the plugins folder stays empty', async () => {
    const manifest = {
      name: 'prod-upload',
      version: '1.0.0',
      permissions: { up: { read: 'read' } },
      routes: [],
    };
    const zip = zipSync({
      'plugin.json': strToU8(JSON.stringify(manifest)),
      'index.mjs': strToU8('export default async () => {};'),
    });
    const { payload, contentType } = multipartBody(Buffer.from(zip), 'p.zip', 'application/zip');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sysPlugin/add',
      payload,
      headers: {
        'content-type': contentType,
        authorization: `Bearer ${superAdmin}`,
        'accept-language': 'en',
      },
    });
    expect(response.statusCode, response.body).toBe(403);
    expect(response.json().message).toBe(
      'Plugins cannot be uploaded in production: place the folder in the plugins folder and restart the server.',
    );
    expect(await fs.readdir(dir)).toEqual([]);
    const page = await t.call('POST', '/api/sysPlugin/page', superAdmin, {});
    expect(page.json().result.items.map((row: { name: string }) => row.name)).not.toContain('prod-upload');
  });
});
