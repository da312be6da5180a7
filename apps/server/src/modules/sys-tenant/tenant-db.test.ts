import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../test/harness.js';
import type { DatabaseTarget } from '../../platform/db/database.js';
import { tenantDatabaseName, type TenantDatabases } from '../../platform/db/tenant-databases.js';

/**
 * Tenants with a database of their own, on PGlite (a data folder, so the app can be restarted on it)
 * and on PostgreSQL when TEST_DATABASE_URL is set (a database per test app and per tenant, dropped
 * at the end).
 */
const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';
const en = { 'accept-language': 'en' };

let t: TestApp;
let superAdmin: string;
let admin: string;
let target: DatabaseTarget;
let restartTarget: DatabaseTarget;
const cleanups: (() => Promise<void>)[] = [];
const tenantIds: string[] = [];

/** A main database this file owns (the harness drops its own at close, which a restart must not do). */
async function mainDatabase(): Promise<void> {
  if (onPostgres) {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `lintel_m_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query(`create database ${name} template ${inject('pgTemplate')}`);
    await client.end();
    const main = new URL(url);
    main.pathname = `/${name}`;
    target = { kind: 'postgres', url: main.toString(), poolSize: 4 };
    restartTarget = target;
    cleanups.push(async () => {
      const drop = new pg.Client({ connectionString: url });
      await drop.connect();
      for (const db of [name, ...tenantIds.map(tenantDatabaseName)]) {
        await drop.query(`drop database if exists ${db} with (force)`);
      }
      await drop.end();
    });
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-tenant-db-'));
  const tar = await fs.readFile(inject('pgliteTemplate'));
  target = { kind: 'pglite', dataDir: path.join(dir, 'db'), loadDataDir: new Blob([tar]) };
  restartTarget = { kind: 'pglite', dataDir: path.join(dir, 'db') };
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
}

/** A test app on `on` (given as a shared target, so closing it leaves the database alone). */
const openApp = (on: DatabaseTarget) =>
  createTestApp({}, { target: on, redisPrefix: `lintel-test:${randomUUID()}:` } as TestApp);

const databases = (): TenantDatabases => t.ctx.db.tenantDatabases!;

const signIn = (account: string, tenantId: string, password = DEMO_PASSWORD) =>
  t.call('POST', '/api/sysAuth/login', undefined, { account, password: t.encrypt(password), tenantId }, en);

async function tokenOf(account: string, tenantId: string): Promise<string> {
  const res = await signIn(account, tenantId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result.accessToken as string;
}

let seq = 0;
async function addDbTenant(over: Record<string, unknown> = {}) {
  seq += 1;
  const body = {
    name: `Own db ${seq} ${Date.now()}`,
    adminAccount: `dbboss${seq}`,
    phone: `1391234${String(1000 + seq).slice(-4)}`,
    tenantType: 1,
    ...over,
  };
  const res = await t.call('POST', '/api/sysTenant/add', superAdmin, body, en);
  expect(res.statusCode, res.body).toBe(200);
  const id = res.json().result as string;
  tenantIds.push(id);
  return { id, ...body };
}

interface DbRow {
  id: string;
  kind: string;
  location: string;
  created: boolean;
  initialised: boolean;
  version: string | null;
}

async function dbList(): Promise<DbRow[]> {
  const res = await t.call('GET', '/api/sysTenant/tenantDbList', superAdmin);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as DbRow[];
}

/** The newest migration of the main database: every tenant database must be at it. */
async function latestMigration(): Promise<string> {
  return (await databases().migrationVersion(databases().main))!;
}

beforeAll(async () => {
  await mainDatabase();
  t = await openApp(target);
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => {
  await t?.close();
  for (const cleanup of cleanups) await cleanup();
});

describe('tenant database routes: only the super admin', () => {
  const routes: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['POST', '/api/sysTenant/createDb', { id: SEED_IDS.tenant }],
    ['POST', '/api/sysTenant/initTenantDb', { id: SEED_IDS.tenant }],
    ['POST', '/api/sysTenant/initTenantData', { id: SEED_IDS.tenant }],
    ['POST', '/api/sysTenant/syncTenantDb'],
    ['GET', '/api/sysTenant/tenantDbList'],
  ];
  it.each(routes)('%s %s: 401 anonymous, 403 the tenant admin', async (method, url, body) => {
    expect((await t.call(method, url, undefined, body)).statusCode).toBe(401);
    const res = await t.call(method, url, admin, body, en);
    expect(res.statusCode, res.body).toBe(403);
  });
});

describe('a tenant with a database of its own', () => {
  let tenant: Awaited<ReturnType<typeof addDbTenant>>;
  let ownAdmin: string;
  let accountId: string;
  let ownOrgId: string;

  it('is created with its database, migrated and seeded, and listed', async () => {
    tenant = await addDbTenant();
    const row = (await dbList()).find((r) => r.id === tenant.id);
    expect(row).toMatchObject({
      kind: onPostgres ? 'postgres' : 'pglite',
      created: true,
      initialised: true,
      version: await latestMigration(),
    });
    expect(row!.location).not.toMatch(/:[^:@/]+@/); // no password shown
    if (onPostgres) expect(row!.location).toContain(tenantDatabaseName(tenant.id));
    else
      expect(row!.location).toBe(
        path.join(path.dirname((target as { dataDir: string }).dataDir), 'tenants', tenant.id),
      );
    // The tenant page shows its administrator, read in its own database.
    const page = await t.call('POST', '/api/sysTenant/page', superAdmin, { pageSize: 500 });
    const listed = (
      page.json().result.items as { id: string; adminAccount: string; tenantType: number }[]
    ).find((r) => r.id === tenant.id);
    expect(listed).toMatchObject({ adminAccount: tenant.adminAccount, tenantType: 1 });
  });

  it('keeps its accounts in its own database, not in the main one', async () => {
    ownAdmin = await tokenOf(tenant.adminAccount, tenant.id);
    const info = await t.call('GET', '/api/sysAuth/userInfo', ownAdmin);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().result).toMatchObject({ account: tenant.adminAccount, tenantId: tenant.id });
    const orgs = await t.call('GET', '/api/sysOrg/list', ownAdmin);
    expect(orgs.statusCode, orgs.body).toBe(200);
    ownOrgId = (orgs.json().result as { id: string }[])[0]!.id;
    const added = await t.call('POST', '/api/sysUser/add', ownAdmin, {
      account: 'ownworker',
      realName: 'Own worker',
      orgId: ownOrgId,
    });
    expect(added.statusCode, added.body).toBe(200);
    accountId = added.json().result as string;

    const own = await databases().get(tenant.id);
    const inOwn = await own.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysUser').select(['id', 'account']).where('id', '=', accountId).executeTakeFirst(),
    );
    expect(inOwn).toEqual({ id: accountId, account: 'ownworker' });
    const inMain = await databases().main.platform((trx) =>
      trx
        .selectFrom('sysUser')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', accountId), eb('tenantId', '=', tenant.id)]))
        .execute(),
    );
    expect(inMain).toEqual([]);
    // Its audit trail is kept there too.
    await t.ctx.audit.flush();
    const logged = await own.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysLogDiff').select('rowId').where('rowId', '=', accountId).execute(),
    );
    expect(logged.length).toBeGreaterThan(0);
  });

  it('and the shared tenants never see each other, also by guessing ids', async () => {
    // The seed tenant's admin cannot reach the database tenant's account or organisation.
    expect((await t.call('GET', `/api/sysUser/detail?id=${accountId}`, admin)).statusCode).toBe(404);
    const seedOrgs = (await t.call('GET', '/api/sysOrg/list', admin)).json().result as { id: string }[];
    expect(seedOrgs.map((o) => o.id)).not.toContain(ownOrgId);
    const seedUsers = await t.call('POST', '/api/sysUser/page', admin, { pageSize: 500 });
    expect((seedUsers.json().result.items as { id: string }[]).map((u) => u.id)).not.toContain(accountId);
    // And the other way round.
    expect((await t.call('GET', `/api/sysUser/detail?id=${SEED_IDS.staff}`, ownAdmin)).statusCode).toBe(404);
    const ownOrgs = (await t.call('GET', '/api/sysOrg/list', ownAdmin)).json().result as { id: string }[];
    expect(ownOrgs.map((o) => o.id)).not.toContain(SEED_IDS.rootOrg);
    const ownUsers = await t.call('POST', '/api/sysUser/page', ownAdmin, { pageSize: 500 });
    const ids = (ownUsers.json().result.items as { id: string }[]).map((u) => u.id);
    expect(ids).toContain(accountId);
    expect(ids).not.toContain(SEED_IDS.admin);
    // Two database tenants do not see each other either.
    const other = await addDbTenant();
    const otherAdmin = await tokenOf(other.adminAccount, other.id);
    expect((await t.call('GET', `/api/sysUser/detail?id=${accountId}`, otherAdmin)).statusCode).toBe(404);
    // A seed account cannot sign in to the database tenant.
    expect((await signIn('staff', tenant.id)).statusCode).not.toBe(200);
  });

  it('shows its menus to its admin and takes menu grants', async () => {
    const tree = await t.call('GET', '/api/sysMenu/loginMenuTree', ownAdmin);
    expect(tree.statusCode, tree.body).toBe(200);
    expect(JSON.stringify(tree.json().result)).toContain('"sysUser"');
    const own = await t.call('GET', `/api/sysTenant/ownMenuList?id=${tenant.id}`, superAdmin);
    expect(own.statusCode, own.body).toBe(200);
    const held = own.json().result as string[];
    expect(held.length).toBeGreaterThan(10);
    // A menu added after its database was set up (in the main database) can be granted to it.
    const dashboard = await databases()
      .main.global.selectFrom('sysMenu')
      .select('id')
      .where('key', '=', 'menu:dashboard')
      .executeTakeFirstOrThrow();
    const added = await t.call('POST', '/api/sysMenu/add', superAdmin, {
      pid: dashboard.id,
      type: 2,
      title: 'Own reports',
      name: 'ownReports',
      path: '/dashboard/own-reports',
      component: '/reports/index',
    });
    expect(added.statusCode, added.body).toBe(200);
    const before = await t.call('GET', '/api/sysMenu/loginMenuTree', ownAdmin);
    expect(JSON.stringify(before.json().result)).not.toContain('"ownReports"');
    const grant = await t.call('POST', '/api/sysTenant/grantMenu', superAdmin, {
      id: tenant.id,
      menuIdList: [...held, added.json().result as string],
    });
    expect(grant.statusCode, grant.body).toBe(200);
    const after = await t.call('GET', '/api/sysMenu/loginMenuTree', ownAdmin);
    expect(JSON.stringify(after.json().result)).toContain('"ownReports"');
  });

  it('is updated with its administrator renamed in its own database', async () => {
    const renamed = `${tenant.adminAccount}r`;
    const res = await t.call(
      'POST',
      '/api/sysTenant/update',
      superAdmin,
      {
        id: tenant.id,
        name: tenant.name,
        adminAccount: renamed,
        phone: tenant.phone,
        tenantType: 1,
        title: 'Own',
      },
      en,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await signIn(tenant.adminAccount, tenant.id)).statusCode).not.toBe(200);
    tenant.adminAccount = renamed;
    ownAdmin = await tokenOf(renamed, tenant.id);
    const info = await t.call('GET', `/api/sysTenant/sysInfo/${tenant.id}`, undefined);
    expect(info.json().result.title).toBe('Own');
  });

  it('refuses createDb when the database already holds the tenant, or the tenant shares the main one', async () => {
    const again = await t.call('POST', '/api/sysTenant/createDb', superAdmin, { id: tenant.id }, en);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already initialised/);
    const shared = await t.call('POST', '/api/sysTenant/createDb', superAdmin, { id: SEED_IDS.tenant }, en);
    expect(shared.statusCode).toBe(400);
    expect(shared.json().message).toMatch(/shares the main database/);
    const missing = await t.call('POST', '/api/sysTenant/createDb', superAdmin, { id: '1300000999999' }, en);
    expect(missing.statusCode).toBe(404);
  });

  it('createDb sets up a database-type tenant whose database is missing', async () => {
    const id = String(BigInt(tenant.id) + 7n);
    tenantIds.push(id);
    await databases().main.platform((trx) =>
      trx
        .insertInto('sysTenant')
        .values({ id, name: `Pending ${id}`, tenantType: 1, dbType: 'PostgreSQL', phone: '13912340000' })
        .execute(),
    );
    // The tenant is unknown to this process yet: found on its first use.
    const before = (await dbList()).find((r) => r.id === id);
    expect(before).toMatchObject({ created: false, initialised: false, version: null });
    const signInFirst = await signIn('first', id);
    expect(signInFirst.statusCode).not.toBe(200);
    const res = await t.call(
      'POST',
      '/api/sysTenant/createDb',
      superAdmin,
      { id, adminAccount: 'first' },
      en,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ id, created: true, initialised: true });
    await tokenOf('first', id);
  });

  it('syncTenantDb migrates every tenant database and reports each', async () => {
    const res = await t.call('POST', '/api/sysTenant/syncTenantDb', superAdmin, undefined, en);
    expect(res.statusCode, res.body).toBe(200);
    const results = res.json().result as { id: string; status: string; version: string; menus: number }[];
    const latest = await latestMigration();
    for (const id of tenantIds) {
      expect(
        results.find((r) => r.id === id),
        id,
      ).toMatchObject({ status: 'synced', version: latest });
    }
    expect(results.every((r) => r.menus > 0 || r.status !== 'synced')).toBe(true);
  });

  it('survives a restart: its admin still signs in and sees the account', async () => {
    await t.close();
    t = await openApp(restartTarget);
    superAdmin = (await t.login('superAdmin')).accessToken;
    admin = (await t.login('admin')).accessToken;
    const token = await tokenOf(tenant.adminAccount, tenant.id);
    const users = await t.call('POST', '/api/sysUser/page', token, { pageSize: 500 });
    expect(users.statusCode, users.body).toBe(200);
    expect((users.json().result.items as { account: string }[]).map((u) => u.account)).toContain('ownworker');
    expect((await dbList()).find((r) => r.id === tenant.id)).toMatchObject({ initialised: true });
  });

  it('is deleted like any tenant while its database is kept', async () => {
    const res = await t.call('POST', '/api/sysTenant/delete', superAdmin, { id: tenant.id }, en);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/database was kept/);
    expect((await signIn(tenant.adminAccount, tenant.id)).statusCode).not.toBe(200);
    expect(await databases().exists(tenant.id)).toBe(true);
    const own = await databases().get(tenant.id);
    const kept = await own.tenant(tenant.id, (trx) =>
      trx.selectFrom('sysUser').select('id').where('id', '=', accountId).executeTakeFirst(),
    );
    expect(kept).toEqual({ id: accountId });
  });
});

describe('the setup steps initTenantDb and initTenantData (SPEC 4)', () => {
  let id: string;
  const step = (name: 'initTenantDb' | 'initTenantData', body: Record<string, unknown>) =>
    t.call('POST', `/api/sysTenant/${name}`, superAdmin, body, en);

  it('refuses initTenantData before initTenantDb, and both for a tenant that shares the main database', async () => {
    id = String(BigInt(SEED_IDS.tenant) + 9_000_017n);
    tenantIds.push(id);
    await databases().main.platform((trx) =>
      trx
        .insertInto('sysTenant')
        .values({ id, name: `Stepwise ${id}`, tenantType: 1, phone: '13912340017' })
        .execute(),
    );
    const early = await step('initTenantData', { id, adminAccount: 'stepboss' });
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json().message).toBe(
      `The database of tenant Stepwise ${id} has not been created yet: run Initialise database (initTenantDb) first.`,
    );
    for (const name of ['initTenantDb', 'initTenantData'] as const) {
      const shared = await step(name, { id: SEED_IDS.tenant });
      expect([name, shared.statusCode]).toEqual([name, 400]);
      expect(shared.json().message).toMatch(/shares the main database/);
      expect((await step(name, { id: '1300000999999' })).statusCode).toBe(404);
    }
  });

  it('initTenantDb creates and migrates the database, and only migrates it when run again', async () => {
    const first = await step('initTenantDb', { Id: id });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe('The tenant database was created and migrated to the latest version.');
    expect(first.json().result).toMatchObject({
      id,
      created: true,
      initialised: false,
      version: await latestMigration(),
    });
    const again = await step('initTenantDb', { id });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(
      'The tenant database already existed; it was migrated to the latest version.',
    );
    expect(again.json().result).toMatchObject({ created: true, initialised: false });
    expect((await signIn('stepboss', id)).statusCode).not.toBe(200);
  }, 120_000); // a new PGlite database runs initdb: seconds, more on a busy machine

  it('initTenantData seeds it once: its administrator signs in, a second run changes nothing', async () => {
    const seeded = await step('initTenantData', { id, adminAccount: 'stepboss' });
    expect(seeded.statusCode, seeded.body).toBe(200);
    expect(seeded.json().result).toMatchObject({ id, created: true, initialised: true });
    const boss = await tokenOf('stepboss', id);
    const orgs = await t.call('GET', '/api/sysOrg/list', boss);
    expect(orgs.statusCode, orgs.body).toBe(200);
    const again = await step('initTenantData', { id, adminAccount: 'otherboss' });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message).toBe(
      `The database of tenant Stepwise ${id} is already initialised; nothing was changed.`,
    );
    expect((await signIn('otherboss', id)).statusCode).not.toBe(200);
    await tokenOf('stepboss', id);
    // createDb, the one-step name, still refuses a database that holds the tenant.
    expect((await t.call('POST', '/api/sysTenant/createDb', superAdmin, { id }, en)).statusCode).toBe(400);
  });
});

describe('database settings of a tenant', () => {
  it('are checked with localized reasons', async () => {
    const base = { adminAccount: 'x1', phone: '13912349999', tenantType: 1 };
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ connection: 'Host=db;Password=x' }, /must be a PostgreSQL URL/],
      [{ slaveConnections: '[{"x":1}]' }, /slave/],
      [{ dbType: 'MySql' }, /MySql is not supported/],
    ];
    for (const [over, message] of cases) {
      const res = await t.call(
        'POST',
        '/api/sysTenant/add',
        superAdmin,
        { ...base, name: `Bad ${randomUUID()}`, ...over },
        en,
      );
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().message).toMatch(message);
    }
    if (onPostgres) {
      const main = await t.call(
        'POST',
        '/api/sysTenant/add',
        superAdmin,
        { ...base, name: `Main ${randomUUID()}`, connection: (target as { url: string }).url },
        en,
      );
      expect(main.statusCode).toBe(400);
    }
  });

  it('cannot move a tenant between isolation types', async () => {
    const res = await t.call(
      'POST',
      '/api/sysTenant/update',
      superAdmin,
      { id: SEED_IDS.tenant, name: '默认租户', adminAccount: 'admin', phone: '13900000000', tenantType: 1 },
      en,
    );
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().message).toMatch(/isolation type cannot be changed/);
  });
});
