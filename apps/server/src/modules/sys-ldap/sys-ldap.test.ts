import { Client } from 'ldapts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import {
  BASE_DN,
  ROOT_DN,
  ROOT_PASSWORD,
  slapdAvailable,
  startLdapServer,
  type LdapTestServer,
} from '../../../test/ldap-server.js';

const person = (uid: string, cn: string, extra: Record<string, string> = {}) => ({
  objectClass: ['inetOrgPerson'],
  uid,
  cn,
  sn: cn.split(' ').at(-1)!,
  userPassword: `${uid}-secret`,
  ...extra,
});
const unit = (ou: string) => ({ objectClass: ['organizationalUnit'], ou });

const ENTRIES: [string, Record<string, string | string[]>][] = [
  [`ou=Engineering,${BASE_DN}`, unit('Engineering')],
  [`ou=Platform,ou=Engineering,${BASE_DN}`, unit('Platform')],
  [`ou=Sales,${BASE_DN}`, unit('Sales')],
  [
    `uid=ann,ou=Platform,ou=Engineering,${BASE_DN}`,
    person('ann', 'Ann Lee', { mail: 'ann@lintel.test', employeeNumber: 'E001' }),
  ],
  [`uid=bob,ou=Engineering,${BASE_DN}`, person('bob', 'Bob Wu', { employeeNumber: 'E002' })],
  // The tenant's existing account `staff`: linked, not added.
  [`uid=staff,ou=Sales,${BASE_DN}`, person('staff', 'Sales Staff')],
  // The super admin's name is never bound to a directory entry.
  [`uid=superAdmin,${BASE_DN}`, person('superAdmin', 'Not The Super Admin')],
  [`uid=bad name!,${BASE_DN}`, person('bad name!', 'Bad Name')],
];

const ready = slapdAvailable();
const en = { 'accept-language': 'en-US' };

describe.skipIf(!ready)('sysLdap: directory sign-in against OpenLDAP', () => {
  let t: TestApp;
  let server: LdapTestServer;
  let admin: string;
  let settingId: string;
  let setting: Record<string, unknown>;

  const call = async (url: string, body?: unknown, token = admin) => t.call('POST', url, token, body, en);
  const ok = async (url: string, body?: unknown) => {
    const response = await call(url, body);
    expect(response.json().code, `${url} ${response.body}`).toBe(200);
    return response.json().result;
  };
  const signIn = (account: string, password: string) =>
    t.call('POST', '/api/sysAuth/login', undefined, { account, password: t.encrypt(password) }, en);

  beforeAll(async () => {
    server = await startLdapServer(ENTRIES);
    t = await createTestApp({ ALLOW_PRIVATE_HOSTS: server.host });
    admin = (await t.login('admin')).accessToken;
    setting = {
      host: server.host,
      port: server.port,
      baseDn: BASE_DN,
      bindDn: ROOT_DN,
      bindPass: 'wrong',
      authFilter: '(uid=%s)',
      bindAttrAccount: 'uid',
      bindAttrEmployeeId: 'employeeNumber',
      bindAttrCode: 'entryUUID',
      bindAttrName: 'cn',
    };
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  it('keeps one sealed setting per tenant and says what is wrong with a bad one', async () => {
    settingId = await ok('/api/sysLdap/add', setting);
    expect((await call('/api/sysLdap/add', setting)).statusCode).toBe(409);
    const noName = await call('/api/sysLdap/update', { id: settingId, ...setting, authFilter: '(uid=ann)' });
    expect(noName.statusCode).toBe(400);

    const wrongPassword = await call('/api/sysLdap/testConnection', { id: settingId });
    expect(wrongPassword.statusCode).toBe(502);
    expect(wrongPassword.json().message).toMatch(/service account/i);

    // An empty password on update keeps the saved one; a new one replaces it.
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: ROOT_PASSWORD });
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '', remark: 'school AD' });
    expect(await ok('/api/sysLdap/testConnection', { id: settingId })).toEqual({ people: 5, units: 3 });

    const detail = await t.call('GET', `/api/sysLdap/detail?id=${settingId}`, admin);
    expect(detail.json().result).toMatchObject({ hasBindPass: true, remark: 'school AD', tls: 'none' });
    expect(detail.body).not.toContain(ROOT_PASSWORD);
    const page = await ok('/api/sysLdap/page', { page: 1, pageSize: 10 });
    expect(page.items).toHaveLength(1);
    const stored = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysLdap').select('bindPass').executeTakeFirstOrThrow(),
    );
    expect(stored.bindPass).not.toContain(ROOT_PASSWORD);
  });

  it('refuses an address the outbound policy does not allow, without connecting', async () => {
    // Only the test server's address is allowed (ALLOW_PRIVATE_HOSTS); 10.0.0.1 is private.
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '', host: '10.0.0.1' });
    const refused = await call('/api/sysLdap/testConnection', { id: settingId });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/not allowed/i);
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '' });
  });

  it('previews, then synchronises the units as organisations under the root, once', async () => {
    const orgCount = () =>
      t.ctx.db.tenant(SEED_IDS.tenant, async (trx) =>
        Number(
          (
            await trx
              .selectFrom('sysOrg')
              .select((e) => e.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    const before = await orgCount();
    const preview = await ok('/api/sysLdap/syncDept', { id: settingId, preview: true });
    expect(preview).toMatchObject({ preview: true, total: 3, added: 3 });
    expect(await orgCount()).toBe(before);

    expect(await ok('/api/sysLdap/syncDept', { id: settingId })).toMatchObject({ added: 3, total: 3 });
    expect(await orgCount()).toBe(before + 3);
    const orgs = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysOrg').select(['id', 'pid', 'name']).where('type', '=', 'ldap').execute(),
    );
    const byName = Object.fromEntries(orgs.map((o) => [o.name, o]));
    expect(byName.Engineering!.pid).toBe(SEED_IDS.rootOrg);
    expect(byName.Platform!.pid).toBe(byName.Engineering!.id);
    expect(await ok('/api/sysLdap/syncDept', { id: settingId })).toMatchObject({ added: 0, kept: 3 });
  });

  it('previews, then adds, links and skips people, each in its unit’s organisation', async () => {
    const preview = await ok('/api/sysLdap/syncUser', { id: settingId, preview: true });
    const actions = Object.fromEntries(
      (preview.items as { name: string; action: string; reason: string | null }[]).map((i) => [i.name, i]),
    );
    expect(actions.ann!.action).toBe('add');
    expect(actions.bob!.action).toBe('add');
    expect(actions.staff!.action).toBe('link');
    expect(actions.superAdmin).toMatchObject({
      action: 'skip',
      reason: expect.stringMatching(/super admin/i),
    });
    expect(actions['bad name!']!.action).toBe('skip');
    expect((await signIn('ann', 'ann-secret')).statusCode).toBe(400); // a preview adds nobody

    expect(await ok('/api/sysLdap/syncUser', { id: settingId })).toMatchObject({
      added: 2,
      linked: 1,
      skipped: 2,
    });
    const ann = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUser as u')
        .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
        .select(['u.realName', 'u.email', 'u.employeeId', 'o.name as org'])
        .where('u.account', '=', 'ann')
        .executeTakeFirstOrThrow(),
    );
    expect(ann).toEqual({
      realName: 'Ann Lee',
      email: 'ann@lintel.test',
      employeeId: 'E001',
      org: 'Platform',
    });
    expect(await ok('/api/sysLdap/syncUser', { id: settingId })).toMatchObject({ added: 0, kept: 3 });
  });

  it('signs linked accounts in with the directory password only, while the setting is enabled', async () => {
    expect((await signIn('ann', 'ann-secret')).json().code).toBe(200);
    expect((await signIn('ann', 'wrong')).statusCode).toBe(400);
    // `staff` was linked: the directory's password counts now, its own no longer does.
    expect((await signIn('staff', 'staff-secret')).json().code).toBe(200);
    expect((await signIn('staff', DEMO_PASSWORD)).statusCode).toBe(400);
    // An account that is not linked keeps its own password.
    expect((await signIn('member', DEMO_PASSWORD)).json().code).toBe(200);

    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '', status: 2 });
    expect((await signIn('staff', DEMO_PASSWORD)).json().code).toBe(200);
    expect((await signIn('ann', 'ann-secret')).statusCode).toBe(400);

    // A directory that does not answer is a 503 for linked accounts, never a pass.
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '', status: 1, port: 1 });
    const down = await signIn('staff', 'staff-secret');
    expect(down.statusCode).toBe(503);
    expect(down.json().message).toMatch(/directory/i);
    await ok('/api/sysLdap/update', { id: settingId, ...setting, bindPass: '', status: 1 });
    expect((await signIn('staff', 'staff-secret')).json().code).toBe(200);
  });

  it('disables a linked account whose entry left the directory, and ends its sessions', async () => {
    const bob = await t.login('bob', 'bob-secret');
    const directory = new Client({ url: `ldap://${server.host}:${server.port}` });
    await directory.bind(ROOT_DN, ROOT_PASSWORD);
    await directory.del(`uid=bob,ou=Engineering,${BASE_DN}`);
    await directory.unbind();

    const preview = await ok('/api/sysLdap/syncUser', { id: settingId, preview: true });
    expect(preview).toMatchObject({ disabled: 1 });
    expect(preview.items).toContainEqual(
      expect.objectContaining({ name: 'bob', action: 'disable', reason: expect.stringMatching(/left/i) }),
    );
    expect(await ok('/api/sysLdap/syncUser', { id: settingId })).toMatchObject({ disabled: 1, kept: 2 });
    const status = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx.selectFrom('sysUser').select('status').where('account', '=', 'bob').executeTakeFirstOrThrow(),
    );
    expect(status.status).toBe(2);
    expect((await t.call('GET', '/api/sysAuth/userInfo', bob.accessToken)).statusCode).toBe(401);
    // Once disabled it is not disabled again.
    expect(await ok('/api/sysLdap/syncUser', { id: settingId })).toMatchObject({ disabled: 0 });
  });

  it('synchronises every enabled directory nightly, as the administrator who saved it', async () => {
    const directory = new Client({ url: `ldap://${server.host}:${server.port}` });
    await directory.bind(ROOT_DN, ROOT_PASSWORD);
    await directory.add(`uid=cat,ou=Sales,${BASE_DN}`, person('cat', 'Cat Ho'));
    await directory.unbind();

    await t.app.jobs.seed();
    await t.app.jobs.runNow('job_ldap_sync');
    await t.app.jobs.idle();
    const record = await t.ctx.db.platform((trx) =>
      trx
        .selectFrom('sysJobTriggerRecord')
        .select(['status', 'result', 'error'])
        .where('jobId', '=', 'job_ldap_sync')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow(),
    );
    expect(record, record.error ?? '').toMatchObject({ status: 'succeeded' });
    expect(record.result).toMatch(/people \+1 /);
    const cat = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .selectFrom('sysUser as u')
        .innerJoin('sysOrg as o', 'o.id', 'u.orgId')
        .select(['u.createUserName', 'o.name as org'])
        .where('u.account', '=', 'cat')
        .executeTakeFirstOrThrow(),
    );
    expect(cat.org).toBe('Sales');
    expect(cat.createUserName).not.toBe('');
  });

  it('is for administrators: a member may not read or change it', async () => {
    const member = (await t.login('member')).accessToken;
    expect((await call('/api/sysLdap/page', { page: 1, pageSize: 10 }, member)).statusCode).toBe(403);
    expect((await call('/api/sysLdap/syncUser', { id: settingId }, member)).statusCode).toBe(403);
  });
});
