import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../../test/harness.js';
import { createOtherTenant } from '../../../../test/tenants.js';

const en = { 'accept-language': 'en' };
const WAITING_UA =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const newTicket = async (body: object = {}, headers: Record<string, string> = {}) => {
  const res = await t.call('POST', '/api/sysAuth/qrTicket', undefined, body, {
    'user-agent': WAITING_UA,
    ...headers,
  });
  expect(res.statusCode).toBe(200);
  return res.json().result as {
    ticket: string;
    pollKey: string;
    expiresAt: string;
    confirmUrl: string;
    qrImage: string;
  };
};
const poll = (ticket: string, pollKey: string) =>
  t.call('POST', '/api/sysAuth/qrPoll', undefined, { ticket, pollKey }, { 'user-agent': WAITING_UA });
const scan = (token: string, ticket: string) => t.call('POST', '/api/sysAuth/qrScan', token, { ticket }, en);
const decide = (token: string, ticket: string, approve: boolean) =>
  t.call('POST', '/api/sysAuth/qrConfirm', token, { ticket, approve }, en);

describe('QR sign-in', () => {
  it('issues a ticket with an independent poll key, a confirm link and its QR code', async () => {
    const res = await newTicket({}, { origin: 'https://admin.example.test' });
    expect(res.ticket).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.pollKey).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(res.pollKey).not.toBe(res.ticket);
    expect(res.confirmUrl).toBe(`https://admin.example.test/qr/confirm?ticket=${res.ticket}`);
    const svg = Buffer.from(res.qrImage.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 (\d+) \1"/);
    expect(svg).toContain('<path d="M4 4h7v1h-7z'); // the top-left finder pattern, inside the quiet zone
    expect(svg).not.toContain(res.pollKey);
    const ttl = (Date.parse(res.expiresAt) - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(115);
    expect(ttl).toBeLessThanOrEqual(120);
    // Without an Origin header the link leads to this server.
    expect((await newTicket()).confirmUrl).toMatch(/^http:\/\/localhost(:\d+)?\/qr\/confirm\?ticket=/);
  });

  it('leads to PUBLIC_URL when it is set, whatever Host or Origin the request names', async () => {
    const pinned = await createTestApp({ PUBLIC_URL: 'https://admin.school.example' });
    try {
      const res = await pinned.call(
        'POST',
        '/api/sysAuth/qrTicket',
        undefined,
        {},
        { 'user-agent': WAITING_UA, host: 'evil.example', origin: 'https://evil.example' },
      );
      expect(res.json().result.confirmUrl).toMatch(/^https:\/\/admin\.school\.example\/qr\/confirm\?ticket=/);
    } finally {
      await pinned.close();
    }
  });

  it('signs the waiting device in as the user who confirms, once', async () => {
    const { ticket, pollKey } = await newTicket();
    expect((await poll(ticket, pollKey)).json().result).toEqual({ status: 'pending' });
    const { accessToken } = await t.login('staff');

    const scanned = await scan(accessToken, ticket);
    expect(scanned.statusCode).toBe(200);
    expect(scanned.json().result).toMatchObject({
      status: 'scanned',
      browser: 'Chrome 131',
      os: 'Windows',
      ip: '127.0.0.1',
      tenantName: expect.any(String),
    });
    expect(scanned.json().result.secondsLeft).toBeGreaterThan(100);
    expect((await poll(ticket, pollKey)).json().result).toEqual({ status: 'scanned' });

    const confirmed = await decide(accessToken, ticket, true);
    expect(confirmed.json().result).toEqual({ status: 'confirmed' });

    // Someone who read the QR code but lacks the poll key gets nothing.
    const thief = await poll(ticket, 'A'.repeat(22));
    expect(thief.json().result).toEqual({ status: 'expired' });
    expect(thief.headers['access-token']).toBeUndefined();

    const collected = await poll(ticket, pollKey);
    expect(collected.statusCode).toBe(200);
    const result = collected.json().result;
    expect(result.status).toBe('confirmed');
    expect(collected.headers['access-token']).toBe(result.accessToken);
    expect(collected.headers['x-access-token']).toBe(result.refreshToken);
    const info = (await t.call('GET', '/api/sysAuth/userInfo', result.accessToken)).json().result;
    expect(info).toMatchObject({ id: SEED_IDS.staff, account: 'staff' });
    const device = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUser')
        .select(['lastLoginDevice', 'lastLoginIp'])
        .where('id', '=', SEED_IDS.staff)
        .executeTakeFirstOrThrow(),
    );
    expect(device).toEqual({ lastLoginDevice: WAITING_UA, lastLoginIp: '127.0.0.1' });

    // Consumed: a second poll and a late decision find nothing.
    expect((await poll(ticket, pollKey)).json().result).toEqual({ status: 'expired' });
    expect((await decide(accessToken, ticket, true)).statusCode).toBe(404);
  });

  it('reports a rejection and refuses a second decision', async () => {
    const { ticket, pollKey } = await newTicket();
    const { accessToken } = await t.login('admin');
    expect((await scan(accessToken, ticket)).statusCode).toBe(200);
    expect((await decide(accessToken, ticket, false)).json().result).toEqual({ status: 'rejected' });
    const res = await poll(ticket, pollKey);
    expect(res.json().result).toEqual({ status: 'rejected' });
    expect(res.headers['access-token']).toBeUndefined();
    const again = await decide(accessToken, ticket, true);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This sign-in code has already been confirmed or rejected.');
    expect((await scan(accessToken, ticket)).statusCode).toBe(409);
  });

  it('hides a ticket of another tenant behind a 404', async () => {
    const other = await createOtherTenant(t);
    const foreign = await newTicket({ tenantId: other.tenantId });
    expect(foreign.confirmUrl).toContain(`&tid=${other.tenantId}`);
    const { accessToken } = await t.login('admin');
    for (const res of [
      await scan(accessToken, foreign.ticket),
      await decide(accessToken, foreign.ticket, true),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(
        'This sign-in code is invalid or has expired. Refresh the code on the sign-in page and scan it again.',
      );
    }
    expect((await poll(foreign.ticket, foreign.pollKey)).json().result).toEqual({ status: 'pending' });
    // The other tenant's own admin may confirm it, and is who gets signed in.
    const theirs = await t.login('admin', other.password, other.tenantId);
    expect((await decide(theirs.accessToken, foreign.ticket, true)).statusCode).toBe(200);
    const token = (await poll(foreign.ticket, foreign.pollKey)).json().result.accessToken;
    const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
    expect(info).toMatchObject({ id: other.adminId, tenantId: other.tenantId });
  });

  it('refuses an unknown ticket, an anonymous confirmation and a malformed one', async () => {
    const { accessToken } = await t.login('admin');
    expect((await scan(accessToken, 'B'.repeat(22))).statusCode).toBe(404);
    const { ticket } = await newTicket();
    expect(
      (await t.call('POST', '/api/sysAuth/qrConfirm', undefined, { ticket, approve: true })).statusCode,
    ).toBe(401);
    const malformed = await decide(accessToken, 'not a ticket', true);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('ticket');
  });

  it('does not sign in an account disabled after it confirmed', async () => {
    const { ticket, pollKey } = await newTicket();
    const { accessToken } = await t.login('member');
    expect((await decide(accessToken, ticket, true)).statusCode).toBe(200);
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.updateTable('sysUser').set({ status: 2 }).where('id', '=', SEED_IDS.member).execute(),
    );
    try {
      const res = await t.call(
        'POST',
        '/api/sysAuth/qrPoll',
        undefined,
        { ticket, pollKey },
        { ...en, 'user-agent': WAITING_UA },
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('This account is disabled. Please contact an administrator.');
      expect(res.headers['access-token']).toBeUndefined();
    } finally {
      await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx.updateTable('sysUser').set({ status: 1 }).where('id', '=', SEED_IDS.member).execute(),
      );
    }
  });

  it('expires a ticket after 120 s', async ({ skip }) => {
    if (t.ctx.cache.kind !== 'memory') skip('expiry is Redis’s own on Redis');
    const { ticket, pollKey } = await newTicket();
    const { accessToken } = await t.login('admin');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 121_000 });
    try {
      expect((await poll(ticket, pollKey)).json().result).toEqual({ status: 'expired' });
      expect((await decide(accessToken, ticket, true)).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });
});
