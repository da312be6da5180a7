import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { HUB_PATH } from '../../platform/realtime/events.js';

let t: TestApp;
let base: string;
const sockets: Socket[] = [];
const en = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.disconnect();
});
afterAll(async () => {
  await t?.close();
});

/** Connects to the hub; rejects with the connect_error of a refused handshake. */
export function connect(url: string, token?: string): Promise<Socket> {
  const socket = io(url, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...(token !== undefined ? { auth: { token } } : {}),
    extraHeaders: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0.0.0 Safari/537.36' },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', (error) => reject(error));
  });
}

/** The next `event` of a socket, or a failure after `ms`. */
export function next<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Collects every `event` of a socket. */
function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const page = (token: string, body: Record<string, unknown> = {}) =>
  t.call('POST', '/api/sysOnlineUser/page', token, body, en);

describe('the hub handshake', () => {
  it('refuses a connection without a token, with a bad one and with a refresh token', async () => {
    await expect(connect(base)).rejects.toMatchObject({ data: { code: 401 } });
    await expect(connect(base, 'not-a-jwt')).rejects.toMatchObject({ data: { code: 401 } });
    const { refreshToken } = await t.login('staff');
    await expect(connect(base, refreshToken)).rejects.toMatchObject({ data: { code: 401 } });
  });

  it('refuses a token whose session was ended', async () => {
    const { accessToken } = await t.login('staff');
    expect((await t.call('POST', '/api/sysAuth/logout', accessToken)).statusCode).toBe(200);
    await expect(connect(base, accessToken)).rejects.toMatchObject({ data: { code: 401 } });
  });

  it('lists a connection while it is open and drops it when it closes', async () => {
    const admin = await t.login('admin');
    const { accessToken } = await t.login('staff');
    const socket = await connect(base, accessToken);
    const listed = await page(admin.accessToken, { account: 'staf' });
    expect(listed.statusCode, listed.body).toBe(200);
    const entry = listed
      .json()
      .result.items.find((i: { connectionId: string }) => i.connectionId === socket.id);
    expect(entry).toMatchObject({
      userId: SEED_IDS.staff,
      account: 'staff',
      tenantId: SEED_IDS.tenant,
      ip: '127.0.0.1',
      browser: 'Chrome 131',
      os: 'Linux',
    });
    expect(Date.parse(entry.time)).toBeGreaterThan(Date.now() - 60_000);
    const other = await page(admin.accessToken, { realName: 'no such name' });
    expect(other.json().result.total).toBe(0);

    socket.disconnect();
    await expect
      .poll(async () =>
        (await page(admin.accessToken))
          .json()
          .result.items.some((i: { connectionId: string }) => i.connectionId === socket.id),
      )
      .toBe(false);
  });
});

describe('POST /api/sysOnlineUser/forceOffline', () => {
  it('sends ForceOffline, disconnects and ends the session of the connection', async () => {
    const admin = await t.login('admin');
    const staff = await t.login('staff');
    const other = await t.login('staff');
    const socket = await connect(base, staff.accessToken);
    const bystander = await connect(base, other.accessToken);
    const kicked = next<{ reason: string }>(socket, 'ForceOffline');
    const closed = next<string>(socket, 'disconnect');
    const res = await t.call('POST', '/api/sysOnlineUser/forceOffline', admin.accessToken, {
      connectionId: socket.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kicked).toEqual({ reason: 'forceOffline' });
    expect(await closed).toBe('io server disconnect');
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff.accessToken)).statusCode).toBe(401);
    // Another sign-in of the same account is another session: it stays.
    expect(bystander.connected).toBe(true);
    expect((await t.call('GET', '/api/sysAuth/userInfo', other.accessToken)).statusCode).toBe(200);
    const ids = (await page(admin.accessToken))
      .json()
      .result.items.map((i: { connectionId: string }) => i.connectionId);
    expect(ids).not.toContain(socket.id);
    // The kicked token cannot come back.
    await expect(connect(base, staff.accessToken)).rejects.toMatchObject({ data: { code: 401 } });
  });

  it('refuses to force the caller offline, and an unknown connection', async () => {
    const admin = await t.login('admin');
    const own = await connect(base, admin.accessToken);
    const self = await t.call(
      'POST',
      '/api/sysOnlineUser/forceOffline',
      admin.accessToken,
      { connectionId: own.id },
      en,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot force your own account offline.');
    expect(own.connected).toBe(true);
    const unknown = await t.call(
      'POST',
      '/api/sysOnlineUser/forceOffline',
      admin.accessToken,
      { connectionId: 'gone' },
      en,
    );
    expect(unknown.statusCode).toBe(404);
    const empty = await t.call('POST', '/api/sysOnlineUser/forceOffline', admin.accessToken, {
      connectionId: '',
    });
    expect(empty.statusCode).toBe(400);
  });
});

describe('revocations through Sessions', () => {
  it('ends the open pages of an account whose password changed', async () => {
    const member = await t.login('member');
    const socket = await connect(base, member.accessToken);
    const kicked = next<{ reason: string }>(socket, 'ForceOffline');
    const closed = next<string>(socket, 'disconnect');
    const res = await t.call('POST', '/api/sysUser/changePwd', member.accessToken, {
      passwordOld: t.encrypt(DEMO_PASSWORD),
      passwordNew: t.encrypt('Better#Pass2'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kicked).toEqual({ reason: 'passwordChange' });
    expect(await closed).toBe('io server disconnect');
    // Back to the demo password for the other tests.
    const again = await t.login('member', 'Better#Pass2');
    await t.call('POST', '/api/sysUser/changePwd', again.accessToken, {
      passwordOld: t.encrypt('Better#Pass2'),
      passwordNew: t.encrypt(DEMO_PASSWORD),
    });
  });

  it('ends only the pages of the family a logout ends', async () => {
    const first = await t.login('staff');
    const second = await t.login('staff');
    const a = await connect(base, first.accessToken);
    const b = await connect(base, second.accessToken);
    const kicked = next<{ reason: string }>(a, 'ForceOffline');
    await t.call('POST', '/api/sysAuth/logout', first.accessToken);
    expect(await kicked).toEqual({ reason: 'logout' });
    await pause(200);
    expect(b.connected).toBe(true);
  });
});

describe('POST /api/sysOnlineUser/sendMessage', () => {
  it('delivers ReceiveMessage to the addressed account only', async () => {
    const admin = await t.login('admin');
    const staffSocket = await connect(base, (await t.login('staff')).accessToken);
    const memberSocket = await connect(base, (await t.login('member')).accessToken);
    const toStaff = collect(staffSocket, 'ReceiveMessage');
    const toMember = collect(memberSocket, 'ReceiveMessage');
    const res = await t.call('POST', '/api/sysOnlineUser/sendMessage', admin.accessToken, {
      userId: SEED_IDS.staff,
      title: 'Maintenance',
      message: 'Please save your work.',
      messageType: 'warning',
    });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(() => toStaff.length).toBe(1);
    expect(toStaff[0]).toMatchObject({
      title: 'Maintenance',
      message: 'Please save your work.',
      messageType: 'warning',
      sendUserId: SEED_IDS.admin,
    });
    await pause(200);
    expect(toMember).toEqual([]);
  });

  it('refuses an account that is not online and a bad message type', async () => {
    const admin = await t.login('admin');
    const offline = await t.call(
      'POST',
      '/api/sysOnlineUser/sendMessage',
      admin.accessToken,
      { userId: SEED_IDS.member, title: 'x', message: 'y', messageType: 'info' },
      en,
    );
    expect(offline.statusCode).toBe(404);
    expect(offline.json().message).toBe('This user is not online in this tenant.');
    const bad = await t.call('POST', '/api/sysOnlineUser/sendMessage', admin.accessToken, {
      userId: SEED_IDS.member,
      title: 'x',
      message: 'y',
      messageType: 'shout',
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('permissions and tenants', () => {
  const routes: [string, Record<string, unknown>][] = [
    ['/api/sysOnlineUser/page', {}],
    ['/api/sysOnlineUser/forceOffline', { connectionId: 'x' }],
    [
      '/api/sysOnlineUser/sendMessage',
      { userId: SEED_IDS.staff, title: 't', message: 'm', messageType: 'info' },
    ],
  ];

  it.each(routes)('%s: 401 anonymous, 403 without the permission', async (url, body) => {
    expect((await t.call('POST', url, undefined, body)).statusCode).toBe(401);
    const member = await t.login('member');
    expect((await t.call('POST', url, member.accessToken, body)).statusCode).toBe(403);
  });

  it("never lists another tenant's connections; the super admin may ask for them", async () => {
    const other = await createOtherTenant(t);
    const otherAdmin = await t.login('admin', other.password, other.tenantId);
    const socket = await connect(base, otherAdmin.accessToken);
    const admin = await t.login('admin');
    const own = (await page(admin.accessToken, { pageSize: 500 })).json().result.items;
    expect(own.map((i: { connectionId: string }) => i.connectionId)).not.toContain(socket.id);
    expect(own.every((i: { tenantId: string }) => i.tenantId === SEED_IDS.tenant)).toBe(true);
    const refused = await page(admin.accessToken, { tenantId: other.tenantId });
    expect(refused.statusCode).toBe(403);
    // Nor can it reach the connection by its id.
    const kick = await t.call('POST', '/api/sysOnlineUser/forceOffline', admin.accessToken, {
      connectionId: socket.id,
    });
    expect(kick.statusCode).toBe(404);

    const superAdmin = await t.login('superAdmin');
    const listed = await page(superAdmin.accessToken, { tenantId: other.tenantId });
    expect(listed.json().result.items).toMatchObject([
      { connectionId: socket.id, account: 'admin', tenantId: other.tenantId },
    ]);
  });
});
