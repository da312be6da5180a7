import type { AddressInfo } from 'node:net';
import { createDecoder, createSigner } from 'fast-jwt';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUB_PATH } from '../../src/platform/realtime/events.js';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';

/**
 * Outsider attack, finding 12: a realtime connection stayed open (and kept receiving) after the
 * session's tokens had expired. The hub now closes a connection when its access token expires.
 */
let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => t?.close());

/** An access token of a real session that expires in `ms`. */
async function shortToken(ms: number): Promise<string> {
  const { accessToken } = await t.ctx.sessions.issue(
    { id: SEED_IDS.staff, tenantId: SEED_IDS.tenant },
    SEED_IDS.tenant,
    {},
  );
  const { iat: _i, exp: _e, ...claims } = createDecoder()(accessToken) as Record<string, unknown>;
  return createSigner({ key: t.ctx.keys.jwtSecret, expiresIn: ms })(claims);
}

describe('a realtime connection and its token', () => {
  it('is closed by the hub when the access token it was opened with expires', async () => {
    const socket: Socket = io(base, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: await shortToken(2_500) },
    });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
      });
      const reason = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('still connected 6 s later')), 6_000);
        socket.once('disconnect', (why) => {
          clearTimeout(timer);
          resolve(why);
        });
      });
      expect(reason).toBe('io server disconnect');
    } finally {
      socket.disconnect();
    }
  });
});
