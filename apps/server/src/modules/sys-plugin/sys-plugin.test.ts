import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync, strToU8 } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { upload } from '../../../test/multipart-test-kit.js';

const SAMPLE = fileURLToPath(new URL('../../../../../plugins/hello-notes', import.meta.url));
const NOTES = '/api/plugin/hello-notes/';

let t: TestApp;
let dir: string;
let superAdmin: string;
let admin: string;

/** A plugin folder whose manifest declares one GET route; `code` is what the entry registers. */
async function fixture(
  name: string,
  code: string,
  route = { method: 'GET', url: '/', permission: 'fx:read' },
) {
  await fs.mkdir(path.join(dir, name));
  const manifest = { name, version: '0.0.1', permissions: { fx: { read: 'read' } }, routes: [route] };
  await fs.writeFile(path.join(dir, name, 'plugin.json'), JSON.stringify(manifest));
  await fs.writeFile(path.join(dir, name, 'index.mjs'), code);
}

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-plugins-'));
  await fs.cp(SAMPLE, path.join(dir, 'hello-notes'), { recursive: true });
  await fixture(
    'undeclared',
    `export default async (app) => {
      app.get('/', { config: { permission: 'fx:read' } }, async () => ({}));
      app.get('/secret', { config: { permission: 'fx:read' } }, async () => ({}));
    };`,
  );
  await fixture('unpermitted', `export default async (app) => { app.get('/', async () => ({})); };`);
  await fixture(
    'foreign',
    `export default async (app) => { app.get('/', { config: { permission: 'sysUser:page' } }, async () => ({})); };`,
  );
  t = await createTestApp({ PLUGINS_DIR: dir });
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const page = async () => {
  const response = await t.call('POST', '/api/sysPlugin/page', superAdmin, {});
  expect(response.statusCode).toBe(200);
  return new Map<string, { id: string; status: number; error: string | null; loadedTime: string | null }>(
    response.json().result.items.map((row: { name: string }) => [row.name, row]),
  );
};

describe('plugins', () => {
  it('loads the sample plugin and refuses the ones whose routes break their manifest', async () => {
    const rows = await page();
    expect(rows.get('hello-notes')).toMatchObject({ status: 1, error: null });
    expect(rows.get('hello-notes')!.loadedTime).not.toBeNull();
    expect(rows.get('undeclared')!.error).toContain('GET /secret is not declared');
    expect(rows.get('unpermitted')!.error).toContain('declares no permission');
    expect(rows.get('foreign')!.error).toContain('sysUser:page');
    for (const name of ['undeclared', 'unpermitted', 'foreign']) {
      expect(rows.get(name)!.loadedTime).toBeNull();
      expect((await t.call('GET', `/api/plugin/${name}/`, superAdmin)).statusCode).toBe(404);
    }
  });

  it('serves its routes with the permissions of its manifest, written to sys_menu', async () => {
    const list = await t.call('GET', NOTES, superAdmin);
    expect(list.statusCode).toBe(200);
    expect(list.json().result.notes[0].text).toBe('Hello from a plugin');
    const added = await t.call('POST', NOTES, superAdmin, { text: 'second' });
    expect(added.statusCode).toBe(200);
    expect((await t.call('GET', NOTES, superAdmin)).json().result.notes[0].text).toBe('second');
    expect((await t.call('POST', NOTES, superAdmin, { text: '' })).statusCode).toBe(400);
    // Under the platform directory: the tenant's administrator does not hold helloNotes:list.
    expect((await t.call('GET', NOTES, admin)).statusCode).toBe(403);
    expect((await t.call('GET', NOTES)).statusCode).toBe(401);
    const menus = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysMenu')
        .select(['key', 'permission', 'path'])
        .where('key', 'like', 'plugin:hello-notes:%')
        .execute(),
    );
    expect(menus.map((m) => m.permission ?? m.path).sort()).toEqual([
      '/platform/hello-notes',
      'helloNotes:add',
      'helloNotes:list',
    ]);
  });

  it('disables without a restart (404, menu hidden) and enables again', async () => {
    const id = (await page()).get('hello-notes')!.id;
    const off = await t.call('POST', '/api/sysPlugin/setStatus', superAdmin, { id, status: 2 });
    expect(off.statusCode).toBe(200);
    expect((await t.call('GET', NOTES, superAdmin)).statusCode).toBe(404);
    const tree = JSON.stringify(
      (await t.call('GET', '/api/sysMenu/loginMenuTree', superAdmin)).json().result,
    );
    expect(tree).not.toContain('/platform/hello-notes');
    expect((await t.call('POST', '/api/sysPlugin/setStatus', superAdmin, { id, status: 1 })).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', NOTES, superAdmin)).statusCode).toBe(200);
    const again = JSON.stringify(
      (await t.call('GET', '/api/sysMenu/loginMenuTree', superAdmin)).json().result,
    );
    expect(again).toContain('/platform/hello-notes');
  });

  it('refuses bad archives and takes a good one for the next start', async () => {
    const manifest = (name: string) =>
      strToU8(JSON.stringify({ name, version: '1.0.0', permissions: { up: { read: 'read' } }, routes: [] }));
    const entry = strToU8('export default async () => {};');
    const send = (files: Parameters<typeof zipSync>[0], token = superAdmin) =>
      upload(t, '/api/sysPlugin/add', token, Buffer.from(zipSync(files)), 'p.zip', 'application/zip');
    const refusal = async (files: Parameters<typeof zipSync>[0], status: number, text: string) => {
      const response = await send(files);
      expect(response.statusCode).toBe(status);
      expect(response.json().message).toContain(text);
    };
    await refusal(
      { 'plugin.json': manifest('slip'), 'index.mjs': entry, '../evil.mjs': entry },
      400,
      '../evil.mjs',
    );
    await refusal(
      {
        'plugin.json': manifest('linked'),
        'index.mjs': entry,
        link: [strToU8('/etc/passwd'), { os: 3, attrs: 0o120777 << 16 }],
      },
      400,
      'symbolic link',
    );
    await refusal({ 'index.mjs': entry }, 400, 'plugin.json');
    await refusal({ 'plugin.json': strToU8('{"name":"Bad Name"}'), 'index.mjs': entry }, 400, 'name');
    await refusal({ 'plugin.json': manifest('hello-notes'), 'index.mjs': entry }, 409, 'hello-notes');
    const notZip = await upload(
      t,
      '/api/sysPlugin/add',
      superAdmin,
      Buffer.from('plain text'),
      'p.zip',
      'application/zip',
    );
    expect(notZip.statusCode).toBe(400);
    expect((await send({ 'plugin.json': manifest('uploaded'), 'index.mjs': entry }, admin)).statusCode).toBe(
      403,
    );

    const good = await send({ 'uploaded/plugin.json': manifest('uploaded'), 'uploaded/index.mjs': entry });
    expect(good.statusCode).toBe(200);
    expect(good.json().result).toMatchObject({ name: 'uploaded', pendingRestart: true });
    await expect(fs.readFile(path.join(dir, 'uploaded', 'plugin.json'), 'utf8')).resolves.toContain(
      'uploaded',
    );
    const row = (await page()).get('uploaded')!;
    expect(row).toMatchObject({ loadedTime: null, pendingRestart: true, source: 'upload' });

    expect((await t.call('POST', '/api/sysPlugin/delete', superAdmin, { id: row.id })).statusCode).toBe(200);
    expect((await page()).has('uploaded')).toBe(false);
    await expect(fs.stat(path.join(dir, 'uploaded'))).rejects.toThrow();
  });
});
