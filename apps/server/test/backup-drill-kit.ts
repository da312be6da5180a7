import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { DatabaseTarget } from '../src/platform/db/database.js';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from './harness.js';
import { tinyPng, upload } from './multipart-test-kit.js';

/** Test helpers of the restore drill (not a test file): the data it adds and what it compares. */

export const DRILL_ACCOUNT = 'drillkeeper';
export const DRILL_PASSWORD = 'Drill@2026xy';

/** An app on `target` and DATA_DIR `dataDir`; closing it leaves the database alone. */
export const openDrillApp = (target: DatabaseTarget, dataDir: string) =>
  createTestApp({ DATA_DIR: dataDir }, { target, redisPrefix: `lintel-test:${randomUUID()}:` } as TestApp);

export interface DrillData {
  tenantId: string;
  tenantAdmin: string;
  fileUrl: string;
  fileBytes: Buffer;
}

/** Adds what the drill checks afterwards: an account, a dictionary, an uploaded file, a tenant database. */
export async function addDrillData(t: TestApp): Promise<DrillData> {
  const admin = (await t.login('admin')).accessToken;
  const superAdmin = (await t.login('superAdmin')).accessToken;
  const ok = async (promise: ReturnType<TestApp['call']>) => {
    const res = await promise;
    expect(res.statusCode, res.body).toBe(200);
    return res.json().result as unknown;
  };
  await ok(
    t.call('POST', '/api/sysUser/add', admin, {
      account: DRILL_ACCOUNT,
      realName: 'Drill keeper',
      orgId: SEED_IDS.rootOrg,
      password: t.encrypt(DRILL_PASSWORD),
    }),
  );
  const typeId = await ok(t.call('POST', '/api/sysDictType/add', admin, { name: 'Drill', code: 'drill' }));
  await ok(
    t.call('POST', '/api/sysDictData/add', admin, { dictTypeId: typeId, label: 'Kept', value: 'kept' }),
  );
  const fileBytes = tinyPng(3000);
  const up = await upload(t, '/api/sysFile/uploadFile', admin, fileBytes, 'drill.png');
  expect(up.statusCode, up.body).toBe(200);
  const tenantAdmin = 'drillboss';
  const tenantId = (await ok(
    t.call('POST', '/api/sysTenant/add', superAdmin, {
      name: `Drill tenant ${Date.now()}`,
      adminAccount: tenantAdmin,
      phone: '13912340777',
      tenantType: 1,
    }),
  )) as string;
  await t.ctx.audit.flush();
  return { tenantId, tenantAdmin, fileUrl: (up.json().result as { url: string }).url, fileBytes };
}

/** The rows of the key tables, in the main database and in the tenant's own, and the server's key. */
export async function snapshot(t: TestApp, tenantId: string) {
  const main = await t.ctx.db.platform(async (trx) => ({
    tenants: await trx.selectFrom('sysTenant').selectAll().orderBy('id').execute(),
    users: await trx.selectFrom('sysUser').selectAll().orderBy('id').execute(),
    orgs: await trx.selectFrom('sysOrg').selectAll().orderBy('id').execute(),
    roles: await trx.selectFrom('sysRole').selectAll().orderBy('id').execute(),
    dictTypes: await trx.selectFrom('sysDictType').selectAll().orderBy('id').execute(),
    dictData: await trx.selectFrom('sysDictData').selectAll().orderBy('id').execute(),
    files: await trx.selectFrom('sysFile').selectAll().orderBy('id').execute(),
    opLog: (await trx.selectFrom('sysLogOp').select('id').execute()).length,
  }));
  const own = await t.ctx.db.tenantDatabases!.get(tenantId);
  const tenant = await own.platform((trx) => trx.selectFrom('sysUser').selectAll().orderBy('id').execute());
  return { main, tenant, publicKey: t.ctx.keys.sm2PublicKey };
}

/** After a restore: the data equal, the new account and the tenant's admin sign in, the file's bytes back. */
export async function expectRestored(
  t: TestApp,
  dataDir: string,
  data: DrillData,
  before: Awaited<ReturnType<typeof snapshot>>,
) {
  const after = await snapshot(t, data.tenantId);
  expect(after.main.users.map((u) => u.account)).toContain(DRILL_ACCOUNT);
  expect(after.main.dictData.map((d) => d.value)).toContain('kept');
  expect(after).toEqual(before);
  const me = await t.login(DRILL_ACCOUNT, DRILL_PASSWORD);
  expect((await t.call('GET', '/api/sysAuth/userInfo', me.accessToken)).json().result.account).toBe(
    DRILL_ACCOUNT,
  );
  await t.login(data.tenantAdmin, DEMO_PASSWORD, data.tenantId);
  const stored = path.join(dataDir, data.fileUrl.replace(/^\/upload\//, 'upload/'));
  expect(await fs.readFile(stored)).toEqual(data.fileBytes);
}
