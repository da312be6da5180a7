import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIfChanged, SERVER } from '../../../tools/builds.mjs';
import { freePort, signIn, startServer } from './processes/server-process.js';

/** The real process, through tsx and compiled: start-up, clean shutdown on Ctrl-C, data kept. */
const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.LINTEL_TEST_DB === 'postgres')('start-up', () => {
  it('stops with one line naming a bad setting', async () => {
    const { output, exit } = startServer({ PORT: 'eighty' });
    expect(await exit).toBe(1);
    expect(output().trim()).toBe('Invalid setting PORT: "eighty" is not a whole number');
  }, 60_000);

  it.each([
    [
      'DATABASE_URL',
      'postgres://postgres@127.0.0.1:1/none',
      /^Cannot connect to PostgreSQL \(DATABASE_URL\): /,
    ],
    ['REDIS_URL', 'redis://127.0.0.1:1', /^Cannot connect to Redis \(REDIS_URL\): /],
  ])(
    'stops with one line when %s cannot be reached',
    async (name, value, line) => {
      const { output, exit } = startServer({ [name]: value });
      expect(await exit).toBe(1);
      expect(output().trim()).toMatch(line);
      expect(output().trim().split('\n')).toHaveLength(1);
    },
    60_000,
  );

  // The restart runs the compiled server (`npm start`, the Dockerfile) on the data the first (tsx)
  // start wrote: the build (seconds, skipped when up to date) is part of the test.
  it('migrates, seeds, serves, prints the URL, shuts down on SIGINT and keeps its data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), LINTEL_CAPTCHA: 'off' };
    const base = `http://127.0.0.1:${port}`;

    const first = startServer(env);
    await first.ready();
    expect(first.output()).toContain(`Lintel is running at ${base}`);
    expect(first.output()).toContain('superAdmin / Lintel@2026');
    const info = (await (await fetch(`${base}/api/sysTenant/sysInfo/1300000000001`)).json()) as {
      result: { publicKey: string };
    };
    const { accessToken: token } = await signIn(base, 'admin');
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);

    await buildIfChanged(SERVER);
    const second = startServer(env, 'compiled');
    await second.ready();
    const again = (await (await fetch(`${base}/api/sysTenant/sysInfo/1300000000001`)).json()) as {
      result: { publicKey: string };
    };
    expect(again.result.publicKey).toBe(info.result.publicKey); // same keys: the data survived
    const me = await fetch(`${base}/api/sysAuth/userInfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200); // the session (and the secret) survived the restart
    // What the compiled tree reads beside its files: translated messages, assets, the version.
    const refused = await fetch(`${base}/api/sysAuth/userInfo`, { headers: { 'accept-language': 'en' } });
    expect(((await refused.json()) as { message: string }).message).toMatch(/sign in/i);
    expect((await fetch(`${base}/upload/logo.png`)).status).toBe(200);
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  }, 240_000);
});
