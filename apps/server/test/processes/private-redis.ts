import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from './server-process.js';

/**
 * A throwaway Redis of the test's own (Debian's redis-server as a child process on a free port, its
 * folder in a temp folder, nothing saved unless asked: SAVE), for faults the shared Redis must not
 * suffer: killed and started again on the same port, with the data of its last SAVE. Without redis-server the suite is skipped with a notice, except under CI (CI=true), where
 * it fails the run (.ci/run installs it).
 */
export const REDIS_SERVER = '/usr/bin/redis-server';

export function privateRedisAvailable(suite: string): boolean {
  if (existsSync(REDIS_SERVER)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${REDIS_SERVER} is missing`);
  console.warn(`[lintel] ${suite} skipped: no ${REDIS_SERVER} (apt-get install -y redis-server)`);
  return false;
}

export interface PrivateRedis {
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Starts it again on the same port (with its last SAVE, else empty); resolves once it accepts. */
  start(): Promise<void>;
  /** SIGKILL, as a crash: no goodbye to its clients. Resolves once it is gone. */
  kill(): Promise<void>;
  /** Kills it and removes its folder (afterAll). */
  cleanup(): Promise<void>;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-redis-'));
  let child: ChildProcess | undefined;
  const redis: PrivateRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      const args = [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        dir,
      ];
      child = spawn(REDIS_SERVER, args, { stdio: 'ignore' });
      await waitUntil(() => accepts(port), 10_000, `redis-server on port ${port}`);
    },
    async kill() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const gone = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await gone;
    },
    async cleanup() {
      await redis.kill();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
  await redis.start();
  return redis;
}
