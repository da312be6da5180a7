import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, waitUntil } from './server-process.js';

/**
 * Debian's nginx in front of API processes, for the scale-out test: a child process (not a daemon)
 * with a generated configuration, its pid, logs and temp folders in a temp folder of its own, so no
 * system configuration is read or touched. Without nginx the suite is skipped with a notice, except
 * under CI (CI=true), where a missing nginx fails the run (.ci/run installs it).
 */
export const NGINX = '/usr/sbin/nginx';

/** Response header naming the upstream that answered (the test's configuration adds it). */
export const UPSTREAM_HEADER = 'x-upstream';

export function nginxAvailable(): boolean {
  if (existsSync(NGINX)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${NGINX} is missing: apt-get install -y nginx`);
  console.warn(`[lintel] nginx cluster suite skipped: no ${NGINX} (apt-get install -y nginx)`);
  return false;
}

export interface NginxProcess {
  /** `http://127.0.0.1:<port>`. */
  base: string;
  /** Its error log so far (for failure messages). */
  errors(): Promise<string>;
  /** Fast shutdown (SIGTERM), then its folder is removed. */
  stop(): Promise<void>;
}

/**
 * The balanced site: round robin over `upstreams` (`127.0.0.1:port`), the proxy headers the server
 * reads behind TRUST_PROXY, and the WebSocket upgrade (the realtime hub). Bodies up to the server's
 * own 10 MB upload limit pass; larger ones are buffered to the temp folder first, as in production.
 */
function configuration(dir: string, port: number, upstreams: string[]): string {
  // Run as root (CI containers), the workers would switch to `nobody`, which cannot enter the
  // test's private temp folder.
  const user = process.getuid?.() === 0 ? 'user root;' : '';
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']
    .map((name) => `${name}_temp_path ${path.join(dir, name)};`)
    .join('\n  ');
  return `${user}
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log ${path.join(dir, 'access.log')};
  ${temp}
  client_max_body_size 12m;
  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  upstream lintel { ${upstreams.map((u) => `server ${u};`).join(' ')} }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://lintel;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      add_header ${UPSTREAM_HEADER} $upstream_addr always;
    }
  }
}
`;
}

/** Starts nginx on a free port and resolves once it proxies `/health/live` to an upstream. */
export async function startNginx(upstreams: string[]): Promise<NginxProcess> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-nginx-'));
  const port = await freePort();
  const conf = path.join(dir, 'nginx.conf');
  await fs.writeFile(conf, configuration(dir, port, upstreams));
  let output = '';
  let exited = false;
  // -e: the error log before the configuration is read (the compiled-in one may be a system file).
  const child = spawn(
    NGINX,
    ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off;'],
    {
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<void>((resolve) =>
    child.on('exit', () => {
      exited = true;
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const errors = () => fs.readFile(path.join(dir, 'error.log'), 'utf8').catch(() => output);
  const stop = async () => {
    if (!exited) child.kill('SIGTERM');
    await exit;
    await fs.rm(dir, { recursive: true, force: true });
  };
  try {
    await waitUntil(
      async () => {
        if (exited) throw new Error(`nginx exited: ${output}${await errors()}`);
        return fetch(`${base}/health/live`).then(
          (r) => r.ok,
          () => false,
        );
      },
      10_000,
      'nginx start',
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, errors, stop };
}
