import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.js';

const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';

/**
 * PostgreSQL may end idle connections at any time (restart, failover, an administrator). The pool
 * must drop them quietly and the next request must still be answered, not crash the process.
 */
describe.skipIf(!onPostgres)('an idle connection ended by PostgreSQL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('is dropped without an uncaught error, and the next request is answered', async () => {
    expect((await t.call('GET', '/api/sysTenant/sysInfo/1300000000001')).statusCode).toBe(200);
    const url = t.target.kind === 'postgres' ? t.target.url : '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const ended = await admin.query(
      'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    await admin.end();
    expect(ended.rowCount).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await t.call('GET', '/api/sysTenant/sysInfo/1300000000001')).statusCode).toBe(200);
    const admin2 = (await t.login('admin')).accessToken;
    expect((await t.call('GET', '/api/sysAuth/userInfo', admin2)).statusCode).toBe(200);
  });
});
