import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tinyPng, upload } from '../multipart-test-kit.js';
import { getFile, signIn } from '../../src/platform/files/file-session-kit.js';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';
import { createOtherTenant } from '../tenants.js';

/**
 * Issue 8, finding 11: stored avatars and signatures were served to anyone who had (or guessed) the
 * address. They are personal data of a tenant's accounts: nobody outside the tenant may read them.
 */
let t: TestApp;
let dataDir: string;
let mine: { avatar: string; signature: string; logo: string };
let theirs: { avatar: string; signature: string };
let outsider: Awaited<ReturnType<typeof signIn>>;
let staff: Awaited<ReturnType<typeof signIn>>;
let otherTenantId: string;

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-attack-uploads-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  staff = await signIn(t, 'staff');
  const admin = await signIn(t, 'admin');
  const url = async (route: string, token: string) =>
    (await upload(t, route, token, tinyPng())).json().result.url as string;
  mine = {
    avatar: await url('/api/sysFile/uploadAvatar', staff.accessToken),
    signature: await url('/api/sysFile/uploadSignature', staff.accessToken),
    logo: await url('/api/sysFile/uploadLogo', admin.accessToken),
  };
  const other = await createOtherTenant(t);
  otherTenantId = other.tenantId;
  outsider = await signIn(t, 'admin', other.password, other.tenantId);
  theirs = {
    avatar: await url('/api/sysFile/uploadAvatar', outsider.accessToken),
    signature: await url('/api/sysFile/uploadSignature', outsider.accessToken),
  };
});
afterAll(async () => {
  await t?.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('uploads: anonymous callers', () => {
  it('get no avatar or signature, whatever they send', async () => {
    for (const url of [mine.avatar, mine.signature, theirs.avatar, theirs.signature]) {
      for (const auth of [{}, { cookie: 'x' }, { bearer: 'x' }, { cookie: '', bearer: '' }]) {
        const res = await getFile(t, url, auth);
        expect([url, auth, res.statusCode]).toEqual([url, auth, 404]);
        expect(res.rawPayload.includes(tinyPng())).toBe(false);
      }
    }
  });

  it('still get the tenant logo, which the signed-out sign-in page shows', async () => {
    expect((await getFile(t, mine.logo)).statusCode).toBe(200);
  });

  it('cannot find out whether a file exists: a stored and a made-up name answer alike', async () => {
    const made = mine.avatar.replace(/[0-9a-f]{32}/, '0'.repeat(32));
    const [stored, absent] = [await getFile(t, mine.avatar), await getFile(t, made)];
    const seen = (res: typeof stored) => {
      const { time: _time, ...body } = res.json() as Record<string, unknown>;
      return { status: res.statusCode, body, cache: res.headers['cache-control'] };
    };
    expect(seen(stored)).toEqual(seen(absent));
    expect(stored.statusCode).toBe(404);
  });
});

describe("uploads: another tenant's account", () => {
  it("gets none of this tenant's avatars or signatures, by cookie or by token", async () => {
    for (const url of [mine.avatar, mine.signature]) {
      expect((await getFile(t, url, { cookie: outsider.cookie })).statusCode, url).toBe(404);
      expect((await getFile(t, url, { bearer: outsider.accessToken })).statusCode, url).toBe(404);
    }
  });

  it("cannot reach them by putting its own tenant's id in the address", async () => {
    for (const url of [mine.avatar, mine.signature]) {
      const readdressed = url.replace(`/upload/${SEED_IDS.tenant}/`, `/upload/${otherTenantId}/`);
      expect((await getFile(t, readdressed, { cookie: outsider.cookie })).statusCode, readdressed).toBe(404);
    }
  });

  it('reads its own, and this tenant cannot read them', async () => {
    for (const url of [theirs.avatar, theirs.signature]) {
      expect((await getFile(t, url, { cookie: outsider.cookie })).statusCode, url).toBe(200);
      expect((await getFile(t, url, { cookie: staff.cookie })).statusCode, url).toBe(404);
      expect((await getFile(t, url, { bearer: staff.accessToken })).statusCode, url).toBe(404);
    }
  });
});
