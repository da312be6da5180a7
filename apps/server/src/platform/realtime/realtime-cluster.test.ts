import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { HUB_PATH } from './events.js';

/**
 * Two API processes sharing Redis (ARCHITECTURE section 6): a revocation on one reaches the sockets
 * the other holds, through the Socket.IO Redis adapter. With PostgreSQL they share the online table
 * too, so the route on one process kicks a connection of the other.
 */
const withRedis = !!process.env.LINTEL_TEST_REDIS;
const sharedDb = withRedis && process.env.LINTEL_TEST_DB === 'postgres';

const sockets: Socket[] = [];
const urlOf = (app: TestApp) => `http://127.0.0.1:${(app.app.server.address() as AddressInfo).port}`;

function connect(url: string, token: string): Promise<Socket> {
  const socket = io(url, { path: HUB_PATH, transports: ['websocket'], reconnection: false, auth: { token } });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

function next<T>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

describe.skipIf(!withRedis)('realtime across two API processes', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({}, a);
    await a.app.listen({ port: 0, host: '127.0.0.1' });
    await b.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.disconnect();
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends ForceOffline to a socket of the other process when a session is revoked', async () => {
    const staff = await b.login('staff');
    const socket = await connect(urlOf(b), staff.accessToken);
    const kicked = next<{ reason: string }>(socket, 'ForceOffline');
    const closed = next<string>(socket, 'disconnect');
    await a.ctx.sessions.revokeUser(SEED_IDS.tenant, SEED_IDS.staff, 'disabled');
    expect(await kicked).toEqual({ reason: 'disabled' });
    expect(await closed).toBe('io server disconnect');
  });

  it.skipIf(!sharedDb)('forces offline and messages a connection held by the other process', async () => {
    const admin = await a.login('admin');
    const member = await b.login('member');
    const staff = await b.login('staff');
    const memberSocket = await connect(urlOf(b), member.accessToken);
    const staffSocket = await connect(urlOf(b), staff.accessToken);

    const message = next<{ title: string }>(memberSocket, 'ReceiveMessage');
    const sent = await a.call('POST', '/api/sysOnlineUser/sendMessage', admin.accessToken, {
      userId: SEED_IDS.member,
      title: 'Across',
      message: 'processes',
      messageType: 'info',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await message).title).toBe('Across');

    const kicked = next<{ reason: string }>(staffSocket, 'ForceOffline');
    const res = await a.call('POST', '/api/sysOnlineUser/forceOffline', admin.accessToken, {
      connectionId: staffSocket.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await kicked).toEqual({ reason: 'forceOffline' });
    expect((await b.call('GET', '/api/sysAuth/userInfo', staff.accessToken)).statusCode).toBe(401);
  });
});
