import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sm2Encrypt } from './sm2-client.js';

/** The real process, as `npm start` runs it: start-up, clean shutdown on Ctrl-C, data kept. */
const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../../node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exit: Promise<number | null>;
} {
  let output = '';
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exit };
}

async function waitFor(condition: () => boolean, ms: number) {
  const until = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.env.LINTEL_TEST_DB === 'postgres')('start-up', () => {
  it('stops with one line naming a bad setting', async () => {
    const { output, exit } = start({ PORT: 'eighty' });
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
      const { output, exit } = start({ [name]: value });
      expect(await exit).toBe(1);
      expect(output().trim()).toMatch(line);
      expect(output().trim().split('\n')).toHaveLength(1);
    },
    60_000,
  );

  it('migrates, seeds, serves, prints the URL, shuts down on SIGINT and keeps its data', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-start-'));
    dirs.push(dataDir);
    const port = await freePort();
    const env = { DATA_DIR: dataDir, PORT: String(port), LINTEL_CAPTCHA: 'off' };
    const base = `http://127.0.0.1:${port}`;

    const first = start(env);
    await waitFor(() => first.output().includes('Lintel is running'), 90_000);
    expect(first.output()).toContain(`Lintel is running at ${base}`);
    expect(first.output()).toContain('superAdmin / Lintel@2026');
    const info = (await (await fetch(`${base}/api/sysTenant/sysInfo/1300000000001`)).json()) as {
      result: { publicKey: string };
    };
    const login = await fetch(`${base}/api/sysAuth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ account: 'admin', password: sm2Encrypt('Lintel@2026', info.result.publicKey) }),
    });
    expect(login.status).toBe(200);
    first.child.kill('SIGINT');
    expect(await first.exit).toBe(0);

    const second = start(env);
    await waitFor(() => second.output().includes('Lintel is running'), 60_000);
    const again = (await (await fetch(`${base}/api/sysTenant/sysInfo/1300000000001`)).json()) as {
      result: { publicKey: string };
    };
    expect(again.result.publicKey).toBe(info.result.publicKey); // same keys: the data survived
    const token = ((await login.json()) as { result: { accessToken: string } }).result.accessToken;
    const me = await fetch(`${base}/api/sysAuth/userInfo`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(200); // the session (and the secret) survived the restart
    second.child.kill('SIGINT');
    expect(await second.exit).toBe(0);
  }, 240_000);
});
