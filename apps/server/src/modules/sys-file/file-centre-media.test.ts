import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { multipartForm } from '../../../test/multipart-form-kit.js';
import { mp3Bare, mp3WithTag, ogg, wav, webm } from '../../../test/media-samples.js';

/**
 * Audio and video in the file centre: real (tiny) mp3, wav, ogg and webm files are stored with the
 * type their content proves and previewed as such (the web app plays them in <audio>/<video>);
 * media whose bytes are another format than the extension says are refused.
 */
let t: TestApp;
let dataDir: string;
let admin: string;
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-file-media-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const send = (name: string, data: Buffer) => {
  const { payload, contentType } = multipartForm([{ name, data }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/sysFile/uploadFile',
    payload,
    headers: { 'content-type': contentType, authorization: `Bearer ${admin}`, ...en },
  });
};
const count = async () =>
  (await t.ctx.db.platform((trx) => trx.selectFrom('sysFile').select('id').execute())).length;

describe('audio and video uploads', () => {
  it.each([
    ['tagged.mp3', mp3WithTag(), 'mp3', 'audio/mpeg', 'audio'],
    ['bare.mp3', mp3Bare(), 'mp3', 'audio/mpeg', 'audio'],
    ['Voice memo.WAV', wav(), 'wav', 'audio/wav', 'audio'],
    ['theme.ogg', ogg(), 'ogg', 'audio/ogg', 'audio'],
    ['walkthrough.webm', webm(), 'webm', 'video/webm', 'video'],
  ])('stores %s as its type and previews it inline as one', async (name, data, suffix, type, family) => {
    const res = await send(name, data);
    expect(res.statusCode, res.body).toBe(200);
    const up = res.json().result as { id: string; url: string };
    expect(up.url).toMatch(new RegExp(`/[0-9a-f]{32}\\.${suffix}$`));
    expect(await fs.readFile(path.join(dataDir, up.url.replace(/^\/upload\//, 'upload/')))).toEqual(data);
    const row = (await t.call('GET', `/api/sysFile/file?id=${up.id}`, admin)).json().result;
    expect(row).toMatchObject({ fileName: name, suffix, contentType: type, family });
    const preview = await t.call('GET', `/api/sysFile/preview/${up.id}`, admin);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe(type);
    expect(preview.headers['content-disposition']).toMatch(/^inline;/);
    expect(preview.rawPayload).toEqual(data);
  });

  it('refuses media whose content is another format than its extension, storing nothing', async () => {
    const before = await count();
    for (const [name, data, suffix] of [
      ['voice.mp3', wav(), 'mp3'],
      ['theme.wav', ogg(), 'wav'],
      ['clip.webm', ogg(), 'webm'],
      ['theme.ogg', mp3Bare(), 'ogg'],
    ] as const) {
      const res = await send(name, data);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().message).toBe(`The file's content does not match its .${suffix} extension.`);
    }
    expect(await count()).toBe(before);
  });
});
