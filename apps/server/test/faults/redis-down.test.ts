import { Redis } from 'ioredis';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeSign, stringToSign } from '../../src/platform/auth/signature.js';
import { callApi, closeHubs, connectHub as connect, scratchDatabase } from '../processes/clients.js';
import { privateRedisAvailable, startPrivateRedis, type PrivateRedis } from '../processes/private-redis.js';
import { freePort, signIn, startServer, waitUntil, type ServerProcess } from '../processes/server-process.js';

/**
 * Redis dies under two API processes (issue 15, "Faults"): they keep serving from the database, a
 * session ended anywhere during the outage is refused everywhere at once, what needs Redis to be
 * decided is refused rather than allowed, and when Redis comes back with its old data (its last
 * snapshot) nothing stale is served. The Redis is the test's own; the database a fresh one.
 */
const ready = process.env.LINTEL_TEST_DB === 'postgres' && privateRedisAvailable('Redis fault suite');
const STAFF_ROLE = '1300000000402'; // sys_deptChild, the role of the seeded `staff`
const DICT_LIST = '/api/sysDictType/list'; // needs sysDictType:list, which the role gets, then loses

const call = (
  base: string,
  method: string,
  path: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) => callApi(base, method, path, { token, body, headers });
const userInfo = (base: string, token: string) => call(base, 'GET', '/api/sysAuth/userInfo', token);
const statusOf = async (base: string, token: string) => (await userInfo(base, token)).status;

interface AccessKey {
  accessKey: string;
  accessSecret: string;
}
/** An open-access request signed with `key` and `nonce` (docs/open-api.md). */
const signedUserInfo = async (base: string, key: AccessKey, nonce: string, timestamp: string) => {
  const text = stringToSign('GET', '/api/sysAuth/userInfo', key.accessKey, timestamp, nonce);
  const sign = computeSign(key.accessSecret, text);
  const headers = { accesskey: key.accessKey, timestamp, nonce, sign };
  return call(base, 'GET', '/api/sysAuth/userInfo', undefined, undefined, headers);
};

describe.skipIf(!ready)('Redis down under two API processes', () => {
  const database = `lintel_redis_fault_${process.pid}`;
  const adminUrl = process.env.TEST_DATABASE_URL!;
  let scratch: { url: string; drop(): Promise<void> } | undefined;
  let redis: PrivateRedis;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  /** B's page of the session that ends (through A) during the outage. */
  let endedPage: Socket;
  const tokens = { admin: '', staff: '', revokedBefore: '', endedDuring: '' };
  let key: AccessKey;
  const signedAt = String(Math.floor(Date.now() / 1000));
  /** The role's menus as seeded, and with the dictionary page and its list button added. */
  const menus = { seeded: [] as string[], granted: [] as string[] };
  const grantMenus = async (menuIdList: string[]) => {
    const response = await call(a!.base, 'POST', '/api/sysRole/grantMenu', tokens.admin, {
      id: STAFF_ROLE,
      menuIdList,
    });
    expect(response.status, response.text).toBe(200);
  };
  const dictList = async (base: string) => (await call(base, 'GET', DICT_LIST, tokens.staff)).status;

  const readiness = async (server: ServerProcess) => (await call(server.base, 'GET', '/health/ready')).text;

  beforeAll(async () => {
    redis = await startPrivateRedis();
    scratch = await scratchDatabase(adminUrl, database);
    const env = { DATABASE_URL: scratch.url, REDIS_URL: redis.url, LINTEL_CAPTCHA: 'off' };
    // The first migrates and seeds the empty database; the second starts on what it made.
    a = startServer({ ...env, PORT: String(await freePort()) });
    await a.ready();
    b = startServer({ ...env, PORT: String(await freePort()) });
    await b.ready();
  }, 120_000);

  afterAll(async () => {
    closeHubs();
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.cleanup();
    await scratch?.drop();
  });

  it('serves with Redis up; a snapshot of Redis keeps the sessions and permissions cached now', async () => {
    tokens.admin = (await signIn(a!.base, 'admin')).accessToken;
    tokens.staff = (await signIn(a!.base, 'staff')).accessToken;
    tokens.revokedBefore = (await signIn(a!.base, 'staff')).accessToken;
    tokens.endedDuring = (await signIn(a!.base, 'staff')).accessToken;
    expect((await call(a!.base, 'POST', '/api/sysAuth/logout', tokens.revokedBefore)).status).toBe(200);
    const own = await call(a!.base, 'GET', `/api/sysRole/ownMenuList?Id=${STAFF_ROLE}`, tokens.admin);
    menus.seeded = (JSON.parse(own.text) as { result: string[] }).result;
    const grantable = await call(a!.base, 'GET', '/api/sysRole/grantableMenuList', tokens.admin);
    const all = (
      JSON.parse(grantable.text) as { result: { id: string; pid: string; permission: string | null }[] }
    ).result;
    const chain: string[] = [];
    for (let menu = all.find((m) => m.permission === 'sysDictType:list'); menu;) {
      chain.push(menu.id);
      const pid = menu.pid;
      menu = all.find((m) => m.id === pid);
    }
    menus.granted = [...new Set([...menus.seeded, ...chain])];
    await grantMenus(menus.granted);
    for (const server of [a!, b!]) {
      expect(await dictList(server.base)).toBe(200);
      expect(await statusOf(server.base, tokens.staff)).toBe(200);
      expect(await statusOf(server.base, tokens.endedDuring)).toBe(200);
      expect(await statusOf(server.base, tokens.revokedBefore)).toBe(401);
    }
    const added = await call(a!.base, 'POST', '/api/sysOpenAccess/add', tokens.admin, {
      bindUserId: '1300000000111',
    });
    key = (JSON.parse(added.text) as { result: AccessKey }).result;
    expect((await signedUserInfo(b!.base, key, 'before', signedAt)).status).toBe(200);
    // A page of the session that ends during the outage, open on B.
    endedPage = await connect(b!.base, tokens.endedDuring);
    const admin = new Redis(redis.url);
    await admin.save();
    admin.disconnect();
  });

  it('keeps serving from the database while Redis is down, and refuses what it cannot decide', async () => {
    await redis.kill();
    for (const server of [a!, b!]) {
      // Still ready (200, degraded): a balancer keeps sending it traffic.
      await waitUntil(
        async () => (await readiness(server)).includes('"status":"degraded","database":"up","redis":"down"'),
        5_000,
        'ready: degraded',
      );
    }
    // Sign-in and reads work, at database speed: no request waits for Redis.
    const started = performance.now();
    const { accessToken } = await signIn(a!.base, 'staff');
    const signInMs = performance.now() - started;
    const read = await userInfo(b!.base, accessToken);
    expect(read.status).toBe(200);
    expect(signInMs).toBeLessThan(5_000);
    expect(read.ms).toBeLessThan(3_000);
    console.info(`[redis-down] sign-in ${Math.round(signInMs)} ms, read ${Math.round(read.ms)} ms`);

    // A session ended before the outage stays ended; one ended on A during it ends on B at once.
    expect(await statusOf(b!.base, tokens.revokedBefore)).toBe(401);
    expect((await call(a!.base, 'POST', '/api/sysAuth/logout', tokens.endedDuring)).status).toBe(200);
    expect(await statusOf(b!.base, tokens.endedDuring)).toBe(401);
    expect(await statusOf(a!.base, tokens.endedDuring)).toBe(401);

    // A role loses a permission on A: its holders are refused it on B at once.
    await grantMenus(menus.seeded);
    expect(await dictList(b!.base)).toBe(403);
    expect(await statusOf(b!.base, tokens.staff)).toBe(200);

    // A signed request's nonce can be recorded nowhere but Redis: refused, never let through.
    const nonce = await signedUserInfo(a!.base, key, 'during', signedAt);
    expect(nonce.status, nonce.text).toBe(503);

    // Rate limits still apply, counted by each process on its own (20 a minute on this route).
    const limited = [];
    for (let i = 0; i < 21; i++)
      limited.push((await call(a!.base, 'POST', '/api/sysAuth/loginPhone', '', {})).status);
    expect(limited.slice(0, 20).every((status) => status === 400)).toBe(true);
    expect(limited[20]).toBe(429);

    // Both processes lived through realtime events they could not publish (the logout's kick).
    expect(a!.child.exitCode).toBeNull();
    expect(b!.child.exitCode).toBeNull();
  });

  it('recovers when Redis returns with its old data, and serves nothing the outage made stale', async () => {
    const kicked = new Promise<unknown>((resolve) => endedPage.once('ForceOffline', resolve));
    await redis.start(); // from the snapshot: the stamps and principals cached before the outage
    for (const server of [a!, b!]) {
      await waitUntil(async () => (await readiness(server)).includes('"redis":"up"'), 10_000, 'ready: up');
    }
    for (const server of [a!, b!]) {
      expect(await statusOf(server.base, tokens.revokedBefore)).toBe(401);
      expect(await statusOf(server.base, tokens.endedDuring)).toBe(401);
      expect(await dictList(server.base)).toBe(403);
      expect(await statusOf(server.base, tokens.staff)).toBe(200);
    }
    // The recovery kept the nonces Redis saw: a request signed before the outage cannot be replayed.
    const replay = await signedUserInfo(a!.base, key, 'before', signedAt);
    expect(replay.status, replay.text).toBe(401);
    expect((await signedUserInfo(a!.base, key, 'after', signedAt)).status).toBe(200);
    // The page of the session ended during the outage, on B, which missed A's kick, is ended now.
    expect(await kicked).toEqual({ reason: 'revoked' });
    // Events cross processes again (B's subscriber is back): a logout on A ends a page on B.
    const { accessToken } = await signIn(b!.base, 'admin');
    expect(await statusOf(a!.base, accessToken)).toBe(200);
    const page = await connect(b!.base, accessToken);
    const loggedOut = new Promise<unknown>((resolve) => page.once('ForceOffline', resolve));
    expect((await call(a!.base, 'POST', '/api/sysAuth/logout', accessToken)).status).toBe(200);
    expect(await loggedOut).toEqual({ reason: 'logout' });
  });
});
