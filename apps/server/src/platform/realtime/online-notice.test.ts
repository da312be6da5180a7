import type { AddressInfo } from 'node:net';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { HUB_PATH, HubEvent, type OnlineUserListPayload } from './events.js';

/**
 * The tenant setting onlineNotice (Admin.NET's sys_login_out_reminder): when an account signs in and
 * its page connects, the tenant's other online accounts get OnlineUserList saying who came; when its
 * last page closes, who went. Without the setting nobody is notified, but open online-user lists
 * still hear OnlineUsersChanged.
 */
let t: TestApp;
let base: string;
let admin: string;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  admin = (await t.login('admin')).accessToken;
});
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.disconnect();
  await t.call('POST', '/api/sysTenant/saveSysInfo', admin, { onlineNotice: false });
});
afterAll(async () => t?.close());

function connect(token: string): Promise<Socket> {
  const socket = io(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

/** Every `event` a socket receives from now on. */
function collect<T>(socket: Socket, event: string): T[] {
  const seen: T[] = [];
  socket.on(event, (payload: T) => seen.push(payload));
  return seen;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signInAndOpen = async (account: string) => connect((await t.login(account)).accessToken);

/** The admin's page, and the notices and list changes it hears. */
async function watcher() {
  const socket = await connect(admin);
  const notices = collect<OnlineUserListPayload>(socket, HubEvent.OnlineUserList);
  const changes = collect<unknown>(socket, HubEvent.OnlineUsersChanged);
  return { socket, notices, changes };
}

describe('onlineNotice', () => {
  it('is off by default: no notice, but the online-user lists hear of the change', async () => {
    const { notices, changes } = await watcher();
    await pause(200);
    const seen = changes.length;
    await signInAndOpen('staff');
    await expect.poll(() => changes.length).toBe(seen + 1);
    await pause(300);
    expect(notices).toEqual([]);
  });

  it("when on, tells the tenant's other accounts who signed in and who left", async () => {
    expect(
      (await t.call('POST', '/api/sysTenant/saveSysInfo', admin, { onlineNotice: true })).statusCode,
    ).toBe(200);
    const { notices } = await watcher();
    await pause(200);
    notices.splice(0);

    const staff = await signInAndOpen('staff');
    const own = collect<OnlineUserListPayload>(staff, HubEvent.OnlineUserList);
    await expect.poll(() => notices.length).toBe(1);
    expect(notices[0]).toMatchObject({ realName: expect.any(String), online: true });
    // The list of connections (addresses, browsers) is not everyone's: it stays behind the online page.
    expect(notices[0]!.userList).toEqual([]);
    const staffName = notices[0]!.realName;

    // A second page of the same account is not a second arrival; its own pages hear nothing.
    const second = await signInAndOpen('staff');
    await pause(300);
    expect(notices).toHaveLength(1);
    expect(own).toEqual([]);

    // Leaving: only when the account's last page closes.
    second.disconnect();
    await pause(300);
    expect(notices).toHaveLength(1);
    staff.disconnect();
    await expect.poll(() => notices.length).toBe(2);
    expect(notices[1]).toMatchObject({ realName: staffName, online: false });
  });

  it('does not reach another tenant', async () => {
    await t.call('POST', '/api/sysTenant/saveSysInfo', admin, { onlineNotice: true });
    const other = await createOtherTenant(t);
    const elsewhere = await connect((await t.login('admin', other.password, other.tenantId)).accessToken);
    const heard = collect<OnlineUserListPayload>(elsewhere, HubEvent.OnlineUserList);
    const { notices } = await watcher();
    await pause(200);
    notices.splice(0);
    await signInAndOpen('member');
    await expect.poll(() => notices.length).toBe(1);
    await pause(200);
    expect(heard).toEqual([]);
  });
});
