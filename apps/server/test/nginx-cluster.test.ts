import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_IDS } from '../src/db/seed/demo-data.js';
import { SIGN_IN_RATE_LIMIT } from '../src/modules/sys-auth/sign-in-rate-limit.js';
import { multipartForm } from './multipart-form-kit.js';
import { tinyPng } from './multipart-test-kit.js';
import { closeHubs, connectHub as connect, nextEvent as next, scratchDatabase } from './processes/clients.js';
import { nginxAvailable, startNginx, UPSTREAM_HEADER, type NginxProcess } from './processes/nginx.js';
import { freePort, signIn, startServer, waitUntil, type ServerProcess } from './processes/server-process.js';

/**
 * Scale-out as deployed (issue 15): two real API processes on one PostgreSQL database and one Redis,
 * sharing a data folder for uploads, behind a real nginx. Checks address a process directly where
 * the point is "the other process", and nginx where it is "the balanced site".
 */
const clustered = process.env.LINTEL_TEST_DB === 'postgres' && !!process.env.LINTEL_TEST_REDIS;
const ready = clustered && nginxAvailable();

const MARKER = '<title>lintel nginx cluster</title>';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A JSON call to the API of `base`. */
async function api(base: string, method: string, url: string, token?: string, body?: unknown) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(`${base}${url}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}
const userInfo = (base: string, token: string) => api(base, 'GET', '/api/sysAuth/userInfo', token);

describe.skipIf(!ready)('two API processes behind nginx', () => {
  // Unique per run: CI and a developer's run may share the PostgreSQL server and Redis.
  const database = `lintel_nginx_cluster_${process.pid}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let root: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let nginx: NginxProcess | undefined;
  /** The test's own HTTP endpoint, called by the HTTP job: every run is one hit. */
  let counter: http.Server;
  const hits: string[] = [];
  let admin: string;
  let scratch: { url: string; drop(): Promise<void> } | undefined;

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-nginx-cluster-'));
    await fs.mkdir(path.join(root, 'web'));
    await fs.writeFile(path.join(root, 'web', 'index.html'), `<!doctype html>${MARKER}`);
    counter = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      response.end('counted');
    });
    await new Promise<void>((resolve) => counter.listen(0, '127.0.0.1', resolve));

    scratch = await scratchDatabase(adminUrl, database);
    const env = {
      DATABASE_URL: scratch.url,
      REDIS_URL: process.env.LINTEL_TEST_REDIS!,
      REDIS_PREFIX: `lintel-nginx-test:${randomUUID()}:`,
      DATA_DIR: path.join(root, 'data'),
      WEB_DIST: path.join(root, 'web'),
      LINTEL_CAPTCHA: 'off',
      TRUST_PROXY: '127.0.0.1',
      // The HTTP job calls the test's counter on this machine.
      ALLOW_PRIVATE_HOSTS: '127.0.0.1',
    };
    // The first migrates and seeds the empty database; the second starts on what it made.
    const startedA = Date.now();
    a = startServer({ ...env, PORT: String(await freePort()) });
    await a.ready();
    const startedB = Date.now();
    b = startServer({ ...env, PORT: String(await freePort()) });
    await b.ready();
    const startedNginx = Date.now();
    nginx = await startNginx([a.base, b.base].map((base) => new URL(base).host));
    console.info(
      `[nginx-cluster] start: A (migrate + seed) ${startedB - startedA} ms, B ${startedNginx - startedB} ms, nginx ${Date.now() - startedNginx} ms`,
    );
    admin = (await signIn(a.base, 'admin')).accessToken;
  }, 240_000);

  afterAll(async () => {
    closeHubs();
    await nginx?.stop();
    await Promise.all([a?.stop(), b?.stop()]);
    await new Promise((resolve) => counter?.close(resolve));
    await scratch?.drop();
    if (root) await fs.rm(root, { recursive: true, force: true });
  }, 60_000);

  it('accepts on B a session opened on A, and refreshes on B a token issued by A', async () => {
    const pair = await signIn(a!.base, 'member');
    expect((await userInfo(b!.base, pair.accessToken)).status).toBe(200);
    const refreshed = await fetch(`${b!.base}/api/sysAuth/refreshToken`, {
      headers: { 'x-authorization': `Bearer ${pair.refreshToken}` },
    });
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);
    const { result } = (await refreshed.json()) as { result: { accessToken: string; refreshToken: string } };
    expect(result.refreshToken).not.toBe(pair.refreshToken);
    expect((await userInfo(a!.base, result.accessToken)).status).toBe(200);
  });

  it('refuses on B a session signed out on A', async () => {
    const { accessToken } = await signIn(b!.base, 'staff');
    expect((await userInfo(b!.base, accessToken)).status).toBe(200);
    expect((await api(a!.base, 'POST', '/api/sysAuth/logout', accessToken)).status).toBe(200);
    expect((await userInfo(b!.base, accessToken)).status).toBe(401);
  });

  it('forces offline through A a session used on B: its page is told, its token refused on B', async () => {
    const { accessToken } = await signIn(b!.base, 'staff');
    const socket = await connect(b!.base, accessToken);
    const kicked = next<{ reason: string }>(socket, 'ForceOffline');
    const response = await api(a!.base, 'POST', '/api/sysOnlineUser/forceOffline', admin, {
      connectionId: socket.id,
    });
    expect(response.status, await response.text()).toBe(200);
    expect(await kicked).toEqual({ reason: 'forceOffline' });
    expect((await userInfo(b!.base, accessToken)).status).toBe(401);
  });

  it('delivers to a page connected to B a message sent through A', async () => {
    const { accessToken } = await signIn(b!.base, 'member');
    const socket = await connect(b!.base, accessToken);
    const received = next<{ title: string; message: string }>(socket, 'ReceiveMessage');
    const response = await api(a!.base, 'POST', '/api/sysOnlineUser/sendMessage', admin, {
      userId: SEED_IDS.member,
      title: 'Across processes',
      message: 'sent through A',
      messageType: 'info',
    });
    expect(response.status, await response.text()).toBe(200);
    expect(await received).toMatchObject({ title: 'Across processes', message: 'sent through A' });
  });

  it('counts sign-in attempts of one client address across A and B together', async () => {
    // The client address nginx would forward; both processes trust 127.0.0.1 as their proxy.
    const client = `203.0.113.${1 + (process.pid % 250)}`;
    const attempt = (base: string) =>
      fetch(`${base}/api/sysAuth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
        body: '{}',
      }).then((r) => r.status);
    const { max } = SIGN_IN_RATE_LIMIT;
    // Half on each: each process alone would still be far under its limit.
    const statuses = await Promise.all(
      Array.from({ length: max }, (_, i) => attempt(i % 2 === 0 ? a!.base : b!.base)),
    );
    expect(statuses.every((status) => status === 400)).toBe(true); // refused as invalid, not as too many
    expect(await attempt(a!.base)).toBe(429);
    expect(await attempt(b!.base)).toBe(429);
    // Another address is not affected.
    expect((await fetch(`${b!.base}/api/sysAuth/login`, { method: 'POST', body: '{}' })).status).not.toBe(
      429,
    );
  });

  it('runs each fire of a job trigger once, with both processes scheduling', async () => {
    const superAdmin = (await signIn(a!.base, 'superAdmin')).accessToken;
    const post = async (url: string, body: unknown) => {
      const response = await api(a!.base, 'POST', `/api/sysJob/${url}`, superAdmin, body);
      const json = (await response.json()) as { code: number; message: string; result: unknown };
      expect(json.code, json.message).toBe(200);
      return json.result;
    };
    const port = (counter.address() as AddressInfo).port;
    await post('addJobDetail', {
      jobId: 'nginx_cluster_http',
      jobType: 'http',
      createType: 2,
      httpMethod: 'POST',
      httpUrl: `http://127.0.0.1:${port}/run`,
    });
    const runs = 3;
    await post('addJobTrigger', {
      jobId: 'nginx_cluster_http',
      triggerId: 'nginx_cluster_every_second',
      kind: 'interval',
      intervalMs: 1000,
      maxNumberOfRuns: runs,
    });
    type Run = { fireTime: string; status: string; node: string };
    const records = async () =>
      (
        (await post('pageJobTriggerRecord', { jobId: 'nginx_cluster_http', pageSize: 50 })) as {
          items: Run[];
        }
      ).items;
    await waitUntil(
      async () => (await records()).filter((r) => r.status === 'succeeded').length >= runs,
      20_000,
      `${runs} runs`,
    );
    await sleep(1500); // a second run of any fire would have arrived by now
    const done = await records();
    expect(done.map((r) => r.status)).toEqual(Array(runs).fill('succeeded'));
    expect(new Set(done.map((r) => r.fireTime)).size).toBe(runs);
    expect(hits).toEqual(Array(runs).fill('/run'));
    console.info(`[nginx-cluster] job runs on nodes: ${done.map((r) => r.node).join(', ')}`);
  });

  it('serves on B the same bytes of a file uploaded through A', async () => {
    // Larger than nginx's and the server's in-memory buffers: written to disk on the way.
    const bytes = tinyPng(300_000);
    const form = multipartForm([{ name: 'cluster.png', data: bytes }]);
    const uploaded = await fetch(`${a!.base}/api/sysFile/uploadFile`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': form.contentType },
      body: form.payload,
    });
    expect(uploaded.status, await uploaded.clone().text()).toBe(200);
    const { result } = (await uploaded.json()) as { result: { id: string } };
    const download = await api(b!.base, 'POST', '/api/sysFile/downloadFile', admin, { id: result.id });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('through nginx: serves the site from both processes in turn', async () => {
    const page = await fetch(`${nginx!.base}/`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(MARKER);
    const upstreams = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const probe = await fetch(`${nginx!.base}/health/ready`);
      expect(probe.status).toBe(200);
      upstreams.add(probe.headers.get(UPSTREAM_HEADER) ?? '');
    }
    expect([...upstreams].sort()).toEqual([a!.base, b!.base].map((base) => new URL(base).host).sort());
  });

  it('through nginx: signs in, uses the session and upgrades the realtime connection', async () => {
    const { accessToken } = await signIn(nginx!.base, 'staff');
    // Two calls: round robin sends them to different processes.
    expect((await userInfo(nginx!.base, accessToken)).status).toBe(200);
    expect((await userInfo(nginx!.base, accessToken)).status).toBe(200);
    const socket = await connect(nginx!.base, accessToken);
    expect(socket.connected).toBe(true);
    const received = next<{ title: string }>(socket, 'ReceiveMessage');
    const response = await api(a!.base, 'POST', '/api/sysOnlineUser/sendMessage', admin, {
      userId: SEED_IDS.staff,
      title: 'Through nginx',
      message: 'over the upgraded connection',
      messageType: 'info',
    });
    expect(response.status, await response.text()).toBe(200);
    expect((await received).title).toBe('Through nginx');
  });
});
