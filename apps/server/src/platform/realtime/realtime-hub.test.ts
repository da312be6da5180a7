import net from 'node:net';
import { hostname } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { clientAddress } from './client-info.js';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('start-up of the hub', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("removes the rows of this process's previous run and keeps those of other processes", async () => {
    const port = await freePort();
    const row = (connectionId: string, serverId: string) => ({
      connectionId,
      tenantId: SEED_IDS.tenant,
      homeTenantId: SEED_IDS.tenant,
      userId: SEED_IDS.staff,
      tokenFamily: '1',
      account: 'staff',
      serverId,
    });
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .insertInto('sysOnlineUser')
        .values([row('stale-1', `${hostname()}:${port}`), row('other-1', 'elsewhere:5005')])
        .execute(),
    );
    await t.app.listen({ port, host: '127.0.0.1' });
    const left = async () =>
      (
        await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
          trx.selectFrom('sysOnlineUser').select('connectionId').execute(),
        )
      ).map((r) => r.connectionId);
    await expect.poll(left).toEqual(['other-1']);
  });
});

describe('clientAddress', () => {
  it('believes X-Forwarded-For only as far as the proxy setting says', () => {
    const headers = { 'x-forwarded-for': '203.0.113.7, 10.0.0.2' };
    expect(clientAddress('::ffff:10.0.0.1', headers, false)).toBe('10.0.0.1');
    expect(clientAddress('10.0.0.1', headers, true)).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.1', headers, ['10.0.0.1', '10.0.0.2'])).toBe('203.0.113.7');
    expect(clientAddress('10.0.0.9', headers, ['10.0.0.1'])).toBe('10.0.0.9');
    expect(clientAddress('10.0.0.1', {}, true)).toBe('10.0.0.1');
  });
});
