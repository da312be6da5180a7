import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeProvider, type FakeProvider } from '../../src/modules/sys-oauth/fake-provider.js';
import { OutboundPolicy, OutboundRefused } from '../../src/platform/net/outbound.js';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';

/**
 * Issue 8, finding 3: the tenant admin repointed its tenant's provider (token and userinfo addresses)
 * at a server it controls, which answered with the super admin's identity, and signed in as the super
 * admin. The addresses were also fetched from the server whatever they were (a blind SSRF).
 */
let t: TestApp;
let honest: FakeProvider;
let rogue: FakeProvider;
let admin: string;
let superAdmin: string;
const api = (action: string) => `/api/sysOAuth/${action}`;

const body = (fake: FakeProvider, code = 'corp') => ({
  code,
  name: 'Corporate ID',
  authorizeUrl: `${fake.origin}/authorize`,
  tokenUrl: `${fake.origin}/token`,
  userinfoUrl: `${fake.origin}/userinfo`,
  clientId: fake.clientId,
  clientSecret: fake.clientSecret,
  scope: 'openid',
  subjectClaim: 'sub',
});

let cookie = '';
const remember = (res: { headers: Record<string, unknown> }) => {
  const set = [res.headers['set-cookie'] ?? []]
    .flat()
    .map(String)
    .find((c) => c.startsWith('lintel_oauth='));
  if (set) cookie = set.split(';')[0]!;
};

/** A whole round trip in one browser; returns where the callback sends it. */
async function roundTrip(start: { url: string }, fake: FakeProvider, sub: string): Promise<string> {
  fake.signInAs({ sub });
  const atProvider = await fetch(start.url, { redirect: 'manual' });
  const callback = new URL(atProvider.headers.get('location')!);
  const res = await t.call('GET', `${callback.pathname}${callback.search}`, undefined, undefined, { cookie });
  return res.headers.location as string;
}

async function signIn(fake: FakeProvider, sub: string, code = 'corp'): Promise<string> {
  const res = await t.call('GET', api(`signIn/${code}`));
  remember(res);
  return roundTrip({ url: res.headers.location as string }, fake, sub);
}

async function link(token: string, fake: FakeProvider, sub: string, code = 'corp') {
  const res = await t.call('POST', api('link'), token, { provider: code });
  remember(res);
  if (res.statusCode !== 200) return res;
  return roundTrip(res.json().result, fake, sub);
}

beforeAll(async () => {
  honest = await startFakeProvider();
  rogue = await startFakeProvider();
  t = await createTestApp({ ALLOW_PRIVATE_HOSTS: '127.0.0.1' });
  admin = (await t.login('admin')).accessToken;
  superAdmin = (await t.login('superAdmin')).accessToken;
});
afterAll(async () => {
  await t?.close();
  await honest?.close();
  await rogue?.close();
});

const providerId = async (code: string) =>
  (await t.call('POST', api('page'), superAdmin, {}))
    .json()
    .result.items.find((p: { code: string }) => p.code === code).id as string;

describe('repointing a provider', () => {
  it('signs the super admin in through a provider the super admin configured', async () => {
    expect((await t.call('POST', api('add'), superAdmin, body(honest))).statusCode).toBe(200);
    expect(await link(superAdmin, honest, 'boss')).toBe('/system/userCenter?oauthBound=corp');
    expect(await signIn(honest, 'boss')).toMatch(/^\/login\?oauth=/);
  });

  it('unlinks every account when the tenant admin repoints the addresses, so the rogue answer signs in nobody', async () => {
    const id = await providerId('corp');
    const res = await t.call('POST', api('update'), admin, { id, ...body(rogue) });
    expect(res.statusCode, res.body).toBe(200);
    const links = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOauthBinding').select('userId').where('providerId', '=', id).execute(),
    );
    expect(links).toEqual([]);
    expect(await signIn(rogue, 'boss')).toBe('/login?oauthError=notLinked');
  });

  it('never signs in an account of a higher kind than whoever last configured the provider', async () => {
    // The super admin takes the provider back and links again; then the tenant admin only renames it.
    const id = await providerId('corp');
    await t.call('POST', api('update'), superAdmin, {
      id,
      ...body(honest),
      clientSecret: honest.clientSecret,
    });
    expect(await link(superAdmin, honest, 'boss')).toBe('/system/userCenter?oauthBound=corp');
    const rename = await t.call('POST', api('update'), admin, {
      id,
      ...body(honest),
      name: 'Renamed',
      clientSecret: '',
    });
    expect(rename.statusCode).toBe(200);
    expect(await signIn(honest, 'boss')).toBe('/login?oauthError=higherAccount');
    // Linking through it is refused as well.
    expect(((await link(superAdmin, honest, 'boss')) as { statusCode: number }).statusCode).toBe(403);
    // The tenant admin itself still signs in through its own provider.
    expect(await link(admin, honest, 'tenant-admin')).toBe('/system/userCenter?oauthBound=corp');
    expect(await signIn(honest, 'tenant-admin')).toMatch(/^\/login\?oauth=/);
  });
});

describe('provider addresses (SSRF)', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => plain?.close());

  it.each([
    'http://127.0.0.1:9/token',
    'http://localhost/token',
    'http://[::1]/token',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.5/token',
    'http://192.168.1.1/token',
    'http://[fd00::1]/token',
    'http://0.0.0.0/token',
  ])('refuses %s without an operator allow list', async (address) => {
    const token = (await plain.login('admin')).accessToken;
    const res = await plain.call('POST', api('add'), token, { ...body(honest, 'ssrf'), tokenUrl: address });
    expect(res.statusCode).toBe(400);
    expect(res.json().extras ?? res.json().message).toBeTruthy();
  });

  it('refuses private addresses again when the call is made (a name that resolves to one)', async () => {
    const policy = new OutboundPolicy([]);
    try {
      await expect(policy.fetch(`${honest.origin}/token`)).rejects.toBeInstanceOf(OutboundRefused);
      await expect(policy.fetch('http://localhost:9/token')).rejects.toBeInstanceOf(OutboundRefused);
      expect(await policy.judge('http://8.8.8.8/')).toBe('public');
      expect(policy.addressAllowed('::ffff:127.0.0.1')).toBe(false);
      const allowing = new OutboundPolicy(['10.0.0.0/8', 'idp.intranet']);
      expect(allowing.addressAllowed('10.1.2.3')).toBe(true);
      expect(await allowing.judge('http://idp.intranet/token')).toBe('allowed');
      await allowing.close();
    } finally {
      await policy.close();
    }
  });
});
