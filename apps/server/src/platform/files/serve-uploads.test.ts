import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createDecoder, createSigner } from 'fast-jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { createOtherTenant } from '../../../test/tenants.js';
import { tinyPng, upload } from '../../../test/multipart-test-kit.js';
import { fileCookieOf, getFile, setCookies, signIn } from './file-session-kit.js';
import { newStoredName } from './upload-names.js';

let t: TestApp;
let dataDir: string;
let staff: Awaited<ReturnType<typeof signIn>>;
let avatarUrl: string;
let signatureUrl: string;
let logoUrl: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-serve-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  staff = await signIn(t, 'staff');
  const admin = await signIn(t, 'admin');
  avatarUrl = (await upload(t, '/api/sysFile/uploadAvatar', staff.accessToken, tinyPng())).json().result.url;
  signatureUrl = (await upload(t, '/api/sysFile/uploadSignature', staff.accessToken, tinyPng())).json().result
    .url;
  logoUrl = (await upload(t, '/api/sysFile/uploadLogo', admin.accessToken, tinyPng())).json().result.url;
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

const decode = createDecoder();

/** A token signed with the server's secret, as only the server could make it. */
const serverSigned = (claims: Record<string, unknown>) =>
  createSigner({ key: t.ctx.keys.jwtSecret, algorithm: 'HS256' })(claims);

describe('stored names', () => {
  it('names new uploads with 128 random bits, unrelated to the record id or the time', async () => {
    const res = await upload(t, '/api/sysFile/uploadAvatar', staff.accessToken, tinyPng());
    const { id, url } = res.json().result as { id: string; url: string };
    expect(url).toMatch(new RegExp(`^/upload/${SEED_IDS.tenant}/avatar/[0-9a-f]{32}\\.png$`));
    expect(url).not.toContain(id);

    const names = Array.from({ length: 2000 }, () => newStoredName('png'));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[0-9a-f]{32}\.png$/);
    // Made one after the other, yet not in order: nothing of the clock is in them.
    expect([...names].sort()).not.toEqual(names);
    // Every hex digit about equally often (64 000 digits: 4 000 each expected).
    const counts = new Map<string, number>();
    for (const name of names)
      for (const digit of name.slice(0, 32)) counts.set(digit, (counts.get(digit) ?? 0) + 1);
    expect(counts.size).toBe(16);
    for (const count of counts.values()) expect(count).toBeGreaterThan(3500);
    for (const count of counts.values()) expect(count).toBeLessThan(4500);
  });
});

describe('the file cookie', () => {
  it('comes with every sign-in: HttpOnly, SameSite=Lax, only for /upload, as long as the access token', () => {
    const cookie = fileCookieOf(staff.response)!;
    expect(cookie).toBeDefined();
    expect(cookie.attributes).toEqual(expect.arrayContaining(['Path=/upload', 'HttpOnly', 'SameSite=Lax']));
    const maxAge = Number(cookie.attributes.find((a) => a.startsWith('Max-Age='))!.slice(8));
    expect(maxAge).toBeGreaterThan(t.config.accessTokenMinutes * 60 - 10);
    expect(maxAge).toBeLessThanOrEqual(t.config.accessTokenMinutes * 60);
    // Not an API credential: the API refuses it as a bearer token.
    expect(cookie.value).not.toBe(staff.accessToken);
  });

  it('is not an access token: the API refuses it', async () => {
    expect((await t.call('GET', '/api/sysAuth/userInfo', staff.cookie)).statusCode).toBe(401);
  });

  it('comes again when the tokens rotate, in the gate and at refreshToken', async () => {
    const member = await signIn(t, 'member');
    const claims = decode(member.accessToken) as Record<string, unknown>;
    const expired = serverSigned({ ...claims, iat: undefined, exp: Math.floor(Date.now() / 1000) - 60 });
    const rotated = await t.app.inject({
      method: 'GET',
      url: '/api/sysAuth/userInfo',
      headers: { authorization: `Bearer ${expired}`, 'x-authorization': `Bearer ${member.refreshToken}` },
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = fileCookieOf(rotated)!;
    expect(fresh).toBeDefined();
    expect((await getFile(t, avatarUrl, { cookie: fresh.value })).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'GET',
      url: '/api/sysAuth/refreshToken',
      headers: { 'x-authorization': `Bearer ${String(rotated.headers['x-access-token'])}` },
    });
    expect(again.statusCode, again.body).toBe(200);
    expect((await getFile(t, avatarUrl, { cookie: fileCookieOf(again)!.value })).statusCode).toBe(200);
  });

  it('is not set by answers that hand out no tokens', async () => {
    expect(fileCookieOf(await t.call('GET', '/api/sysAuth/userInfo', staff.accessToken))).toBeUndefined();
  });
});

describe('serving tenant files', () => {
  it('serves avatars and signatures to a signed-in account of the tenant, privately cached', async () => {
    const member = await signIn(t, 'member');
    for (const [url, kind] of [
      [avatarUrl, 'avatar'],
      [signatureUrl, 'signature'],
    ] as const) {
      const res = await getFile(t, url, { cookie: member.cookie });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-disposition']).toBe(`inline; filename="${kind}.png"`);
      expect(res.headers['cache-control']).toMatch(/^private, /);
      expect(res.headers['cache-control']).not.toMatch(/public|immutable/);
      expect(res.rawPayload).toEqual(tinyPng());
    }
  });

  it('serves them to a bearer access token too (API clients), but not to a refresh token', async () => {
    expect((await getFile(t, avatarUrl, { bearer: staff.accessToken })).statusCode).toBe(200);
    expect((await getFile(t, avatarUrl, { bearer: staff.refreshToken })).statusCode).toBe(404);
  });

  it('refuses anonymous callers with 404, never cached', async () => {
    for (const url of [avatarUrl, signatureUrl]) {
      const res = await getFile(t, url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.rawPayload.includes(tinyPng())).toBe(false);
    }
  });

  it('serves the tenant logo to anyone, publicly cached (the sign-in page shows it)', async () => {
    const res = await getFile(t, logoUrl);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('inline; filename="logo.png"');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses the cookie and the token of a session that signed out; the logout answer clears the cookie', async () => {
    const member = await signIn(t, 'member');
    expect((await getFile(t, avatarUrl, { cookie: member.cookie })).statusCode).toBe(200);
    const logout = await t.call('POST', '/api/sysAuth/logout', member.accessToken);
    expect(logout.statusCode).toBe(200);
    const cleared = fileCookieOf(logout)!;
    expect(cleared.value).toBe('');
    expect(cleared.attributes).toEqual(expect.arrayContaining(['Path=/upload', 'Max-Age=0']));
    expect((await getFile(t, avatarUrl, { cookie: member.cookie })).statusCode).toBe(404);
    expect((await getFile(t, avatarUrl, { bearer: member.accessToken })).statusCode).toBe(404);
  });

  it('ends with a logout that rotated an expired token on its way in: the answer only deletes the cookie', async () => {
    const member = await signIn(t, 'member');
    const claims = decode(member.accessToken) as Record<string, unknown>;
    const expired = serverSigned({ ...claims, iat: undefined, exp: Math.floor(Date.now() / 1000) - 60 });
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/sysAuth/logout',
      headers: { authorization: `Bearer ${expired}`, 'x-authorization': `Bearer ${member.refreshToken}` },
    });
    expect(logout.statusCode, logout.body).toBe(200);
    const cookies = setCookies(logout).filter((c) => c.startsWith('lintel_files='));
    expect(cookies).toHaveLength(1);
    expect(fileCookieOf(logout)!.value).toBe('');
    expect((await getFile(t, avatarUrl, { cookie: member.cookie })).statusCode).toBe(404);
  });

  it('refuses the cookie of a session ended by the server (force offline, disable, password change)', async () => {
    const member = await signIn(t, 'member');
    await t.ctx.sessions.revokeUser(SEED_IDS.tenant, SEED_IDS.member, 'test');
    expect((await getFile(t, avatarUrl, { cookie: member.cookie })).statusCode).toBe(404);
  });

  it('refuses forged, tampered and expired cookies', async () => {
    const claims = decode(staff.cookie!) as Record<string, unknown>;
    const [head, , signature] = staff.cookie!.split('.');
    const tampered = `${head}.${Buffer.from(JSON.stringify({ ...claims, sub: SEED_IDS.admin })).toString('base64url')}.${signature}`;
    const cookies = [
      createSigner({ key: 'not-the-server-secret', algorithm: 'HS256' })(claims),
      tampered,
      serverSigned({ ...claims, iat: undefined, exp: Math.floor(Date.now() / 1000) - 60 }),
      serverSigned({ ...claims, iat: undefined, typ: 'a' }),
      staff.accessToken,
      'garbage',
    ];
    for (const cookie of cookies) {
      expect((await getFile(t, avatarUrl, { cookie })).statusCode, cookie).toBe(404);
    }
  });

  it('serves files stored under the old time-ordered names by the same rule', async () => {
    const folder = path.join(dataDir, 'upload', SEED_IDS.tenant, 'avatar');
    await fs.writeFile(path.join(folder, '612345678901234567.png'), tinyPng());
    const url = `/upload/${SEED_IDS.tenant}/avatar/612345678901234567.png`;
    expect((await getFile(t, url)).statusCode).toBe(404);
    expect((await getFile(t, url, { cookie: staff.cookie })).statusCode).toBe(200);
  });

  it("lets a super admin working in another tenant see that tenant's files, and its own avatar", async () => {
    const other = await createOtherTenant(t);
    const otherAdmin = await signIn(t, 'admin', other.password, other.tenantId);
    const otherAvatar = (
      await upload(t, '/api/sysFile/uploadAvatar', otherAdmin.accessToken, tinyPng())
    ).json().result.url as string;
    expect(otherAvatar.startsWith(`/upload/${other.tenantId}/avatar/`)).toBe(true);
    expect((await getFile(t, otherAvatar, { cookie: otherAdmin.cookie })).statusCode).toBe(200);

    const visiting = await signIn(t, 'superAdmin', undefined, other.tenantId);
    expect((await getFile(t, otherAvatar, { cookie: visiting.cookie })).statusCode).toBe(200);
    const own = (await upload(t, '/api/sysFile/uploadAvatar', visiting.accessToken, tinyPng())).json().result
      .url as string;
    expect(own.startsWith(`/upload/${SEED_IDS.tenant}/avatar/`)).toBe(true);
    expect((await getFile(t, own, { cookie: visiting.cookie })).statusCode).toBe(200);

    const home = await signIn(t, 'superAdmin');
    expect((await getFile(t, otherAvatar, { cookie: home.cookie })).statusCode).toBe(404);
    expect((await getFile(t, avatarUrl, { cookie: home.cookie })).statusCode).toBe(200);
  });
});

describe('addresses', () => {
  it('answers 404 to traversal attempts and to malformed names, signed in or not', async () => {
    // A file outside the upload folder that a traversal would reach.
    await fs.writeFile(path.join(dataDir, 'secret.png'), tinyPng());
    const name = avatarUrl.split('/').pop()!;
    const attempts = [
      `/upload/${SEED_IDS.tenant}/avatar/..%2F..%2F..%2Fsecret.png`,
      `/upload/${SEED_IDS.tenant}/avatar/%2e%2e%2fsecret.png`,
      `/upload/..%2F..%2Fsecret.png/avatar/1.png`,
      `/upload/${SEED_IDS.tenant}/..%2F..%2F/1.png`,
      `/upload/${SEED_IDS.tenant}/avatar/..\\..\\secret.png`,
      `/upload/${SEED_IDS.tenant}/avatar/`,
      `/upload/${SEED_IDS.tenant}/avatar/123.png`,
      `/upload/${SEED_IDS.tenant}/other/1.png`,
      `/upload/${SEED_IDS.tenant}/avatar/1.svg`,
      `/upload/${SEED_IDS.tenant}/avatar/${name.toUpperCase()}`,
      `/upload/${SEED_IDS.tenant}/avatar/${name.slice(1)}`,
      `/upload/${SEED_IDS.tenant}/avatar/0${name}`,
      `/upload/${SEED_IDS.tenant}/avatar/${name}.png`,
      `/upload/${SEED_IDS.tenant}/avatar/${name.replace('.png', '.jpg')}`,
      `/upload/0${SEED_IDS.tenant}/avatar/${name}`,
      '/upload/../../secret.png',
    ];
    for (const url of attempts) {
      for (const auth of [{}, { cookie: staff.cookie }]) {
        const res = await getFile(t, url, auth);
        expect([url, res.statusCode]).toEqual([url, 404]);
        expect(res.rawPayload.includes(tinyPng())).toBe(false);
      }
    }
    // A NUL in an address may be refused as bad input before any route sees it: never the file.
    const nul = await getFile(t, `/upload/${SEED_IDS.tenant}/avatar/${name}%00.png`, {
      cookie: staff.cookie,
    });
    expect([400, 404]).toContain(nul.statusCode);
    expect(nul.rawPayload.includes(tinyPng())).toBe(false);
  });
});
