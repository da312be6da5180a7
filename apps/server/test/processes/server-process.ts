import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { sm2Encrypt } from '../sm2-client.js';

/**
 * The real server as a child process (`src/main.ts` through tsx, as `npm run dev` runs it, unless
 * asked for another way): for tests of start-up, several API processes, and faults that a process
 * inside vitest cannot show (kill -9, a database restarted under it).
 */
export const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * How the server runs: `tsx` on the sources; `compiled`, the built `dist/main.js` (as the Dockerfile
 * runs it; tools/builds.mjs builds it); `start`, tools/start.mjs (`npm start`: builds what changed,
 * then runs dist/main.js as its child).
 */
export type RunMode = 'tsx' | 'compiled' | 'start';
const COMMANDS: Record<RunMode, [string, string[]]> = {
  // tsx's loader inside one node process (the tsx command would run the server as its own child,
  // out of reach of a SIGKILL the test sends).
  tsx: [process.execPath, ['--import', 'tsx', 'src/main.ts']],
  compiled: [process.execPath, ['dist/main.js']],
  start: [process.execPath, ['../../tools/start.mjs']],
};

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** Polls until `condition` holds; throws `timed out: <what>` after `ms`. */
export async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number, what = 'condition') {
  const until = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
  /** Its exit code (null when killed by a signal). */
  exit: Promise<number | null>;
  /** `http://127.0.0.1:<port>` when started with `PORT`. */
  base: string;
  /** Resolves once it printed "Lintel is running" (rejects with its output when it exits first). */
  ready(ms?: number): Promise<void>;
  /** SIGINT (a clean shutdown) and its exit code. */
  stop(): Promise<number | null>;
}

/**
 * Starts the server (`mode`: see RunMode) with only PATH, HOME and `env` (nothing of the test's own
 * environment leaks in: no DATABASE_URL unless given). LOG_LEVEL defaults to warn.
 */
export function startServer(env: Record<string, string>, mode: RunMode = 'tsx'): ServerProcess {
  let output = '';
  let exited = false;
  const [command, args] = COMMANDS[mode];
  const child = spawn(command, args, {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exited = true;
      resolve(code);
    }),
  );
  return {
    child,
    output: () => output,
    exit,
    base: `http://127.0.0.1:${env.PORT ?? '5005'}`,
    async ready(ms = 90_000) {
      await waitUntil(
        () => {
          if (exited) throw new Error(`the server exited before it was ready:\n${output}`);
          return output.includes('Lintel is running');
        },
        ms,
        `server start\n${output}`,
      );
    },
    async stop() {
      if (!exited) child.kill('SIGINT');
      return exit;
    },
  };
}

/** Signs in through the real login route (SM2-encrypted password, as the web app sends it). */
export async function signIn(
  base: string,
  account: string,
  password = 'Lintel@2026',
  tenantId = '1300000000001',
): Promise<{ accessToken: string; refreshToken: string }> {
  const info = (await (await fetch(`${base}/api/sysTenant/sysInfo/${tenantId}`)).json()) as {
    result: { publicKey: string };
  };
  const response = await fetch(`${base}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password: sm2Encrypt(password, info.result.publicKey), tenantId }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in of ${account}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: { accessToken: string; refreshToken: string } }).result;
}
