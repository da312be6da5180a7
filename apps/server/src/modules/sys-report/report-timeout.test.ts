import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

/**
 * REPORT_TIMEOUT_SECONDS cancels a report that runs longer, on the product's database and on an
 * external source, with the localized 400. PostgreSQL only: PGlite runs in one thread without the
 * timer signal, so it never cancels a statement (a `pg_sleep` there simply runs to its end).
 */
const onPostgres = process.env.LINTEL_TEST_DB === 'postgres';
const external = process.env.TEST_DATABASE_URL ? new URL(process.env.TEST_DATABASE_URL) : undefined;

let t: TestApp;
let admin: string;
const en = { 'accept-language': 'en' };
const preview = (sqlText: string, dataSourceId?: string) =>
  t.call(
    'POST',
    '/api/sysReportConfig/preview',
    admin,
    { mode: 'sql', sqlText, params: [], columns: [], ...(dataSourceId ? { dataSourceId } : {}) },
    en,
  );

describe.skipIf(!onPostgres)('report statement timeout (REPORT_TIMEOUT_SECONDS)', () => {
  beforeAll(async () => {
    t = await createTestApp({ REPORT_TIMEOUT_SECONDS: '1', ALLOW_PRIVATE_HOSTS: external!.hostname });
    admin = (await t.login('admin')).accessToken;
  });
  afterAll(async () => t?.close());

  it('stops a product-database report at the configured limit with the localized 400', async () => {
    expect((await preview('select pg_sleep(0.2) is null as quick')).statusCode).toBe(200);
    const started = Date.now();
    // Under the default 10 s this query would answer 200 after 4 s.
    const slow = await preview('select pg_sleep(4) is null as slow');
    expect(slow.statusCode, slow.body).toBe(400);
    expect(slow.json().message).toBe('The report ran longer than its time limit (1 s) and was stopped.');
    expect(Date.now() - started).toBeLessThan(3500);
  });

  it('stops an external source’s report at the same limit', async () => {
    const add = await t.call('POST', '/api/sysReportDataSource/add', admin, {
      name: 'Timeout PostgreSQL',
      kind: 'postgres',
      host: external!.hostname,
      port: Number(external!.port || 5432),
      databaseName: external!.pathname.slice(1),
      userName: decodeURIComponent(external!.username),
      password: decodeURIComponent(external!.password),
    });
    expect(add.statusCode, add.body).toBe(200);
    const slow = await preview('select pg_sleep(4) is null as slow', add.json().result);
    expect(slow.statusCode, slow.body).toBe(400);
    expect(slow.json().message).toBe('The report ran longer than its time limit (1 s) and was stopped.');
  });
});
