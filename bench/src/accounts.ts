/**
 * `npm run bench:accounts [-- --duration N] [--users N] [--json]`: the account-administration benchmarks of
 * issue 4 on PostgreSQL (BENCH_DATABASE_URL or TEST_DATABASE_URL): a tenant of 1 000 000 accounts
 * and 10 000 organisations; sysUser/page for a "department and below" user at 50 connections against
 * a bare primary-key lookup measured in the same run; an xlsx export of about 100 000 accounts
 * (memory growth of this process while it streams); an import of 10 000 accounts. A measurement,
 * never a test: targets print as pass / miss.
 */
import Fastify from 'fastify';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { DEMO_PASSWORD } from '@lintel/server/src/db/seed/demo-data.js';
import { sm2Encrypt } from '@lintel/server/test/sm2-client.js';
import { BENCH_ACCOUNT, benchMiddleId, FIRST_COMPANY, seedAccounts } from './accounts-seed.js';
import { startQueryRoute } from './accounts-query-route.js';
import { readArgs } from './args.js';
import { signIn, startLintel } from './lintel.js';
import { measure, type Measurement } from './load.js';
import { printJsonLine } from './report.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const { duration, users, json } = readArgs(
  'npm run bench:accounts -- [--duration SECONDS] [--users N] [--json]',
  { duration: { fallback: 10, min: 1, max: 600 }, users: { fallback: 1_000_000, min: 1, max: 10_000_000 } },
);
const CONNECTIONS = 50;

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.error('bench:accounts needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(2);
}
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || process.env.REDIS_URL;

const server = await startLintel({ db: 'postgres', postgresUrl, ...(redisUrl ? { redisUrl } : {}) });
const lines: string[] = [];
/** Every figure of the printed lines, for the `--json` last line. */
const figures: Record<string, unknown> = { users, durationSeconds: duration };
const report = (line: string) => {
  lines.push(line);
  progress(line);
};
try {
  let started = performance.now();
  await seedAccounts(server.databaseUrl!, users);
  const seeded = seconds(started);
  figures.seedSeconds = Number(seeded);
  report(`seeded ${users.toLocaleString('en')} accounts and 10,000 organisations in ${seeded} s`);
  const lead = await signIn(
    server.url,
    JSON.stringify({ account: BENCH_ACCOUNT, password: sm2Encrypt(DEMO_PASSWORD, server.publicKey) }),
  );

  // The bare baseline: one indexed row by primary key over a pool as large as the app's.
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get('/pk', async () => {
    const id = 3_000_000_000 + 1 + Math.floor(Math.random() * users);
    return (await pool.query('select id, account, real_name from sys_user where id = $1', [id])).rows[0];
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const run = async (url: string, spec: Partial<Parameters<typeof measure>[0]>) => {
    await measure({ url, method: 'GET', connections: CONNECTIONS, durationSeconds: 2, ...spec });
    return measure({ url, method: 'GET', connections: CONNECTIONS, durationSeconds: duration, ...spec });
  };
  const pk = await run(`${bareUrl}/pk`, {});
  await bare.close();
  await pool.end();
  const page = await run(`${server.url}/api/sysUser/page`, {
    method: 'POST',
    headers: { authorization: `Bearer ${lead}`, 'content-type': 'application/json' },
    body: JSON.stringify({ page: 1, pageSize: 20 }),
  });
  failIfErrors('sysUser/page', page);
  const ratio = page.rps / pk.rps;
  // Deep pages: page 5 000 by offset, and the same depth by keyset (the rows after an id half-way).
  const deep = (body: object) => ({
    method: 'POST' as const,
    headers: { authorization: `Bearer ${lead}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pageSize: 20, ...body }),
  });
  // One client: at 50 the offset pages queue for connections past the pool's 5 s (503s).
  const offsetPage = await run(`${server.url}/api/sysUser/page`, { ...deep({ page: 5000 }), connections: 1 });
  failIfErrors('sysUser/page, page 5 000', offsetPage);
  const keysetPage = await run(`${server.url}/api/sysUser/page`, deep({ afterId: benchMiddleId(users) }));
  failIfErrors('sysUser/page, afterId', keysetPage);
  const queryRoute = await startQueryRoute(server.databaseUrl!, users);
  const query = await run(`${queryRoute.url}/page`, {});
  await queryRoute.close();
  failIfErrors('the page query on a bare route', query);
  const figuresOf = (m: Measurement) => ({
    rps: Math.round(m.rps),
    p50Ms: m.p50Ms,
    p99Ms: m.p99Ms,
    cpuUsPerReq: Math.round(m.cpuUsPerReq),
  });
  figures.bareLookup = figuresOf(pk);
  figures.page = {
    ...figuresOf(page),
    ratioToBare: Number(ratio.toFixed(2)),
    p99Pass: page.p99Ms < 50,
    ratioPass: ratio >= 0.3,
    ratioToQuery: Number((page.rps / query.rps).toFixed(2)),
  };
  figures.deepOffset = figuresOf(offsetPage);
  figures.deepKeyset = { ...figuresOf(keysetPage), p99Pass: keysetPage.p99Ms < 100 };
  figures.query = { ...figuresOf(query), ratioToBare: Number((query.rps / pk.rps).toFixed(2)) };
  report(
    `bare primary-key lookup: ${pk.rps.toFixed(0)} req/s, p99 ${pk.p99Ms} ms, ` +
      `${pk.cpuUsPerReq.toFixed(0)} µs of this process's CPU per request`,
  );
  report(
    `sysUser/page (department and below, ~${(users / 10).toLocaleString('en')} visible): ` +
      `${page.rps.toFixed(0)} req/s, p50 ${page.p50Ms} ms, p99 ${page.p99Ms} ms, ` +
      `${page.cpuUsPerReq.toFixed(0)} µs of this process's CPU per request`,
  );
  report(
    `  p99 < 50 ms: ${page.p99Ms < 50 ? 'pass' : 'MISS'}; throughput ${ratio.toFixed(2)} of the bare lookup (>= 0.3): ${ratio >= 0.3 ? 'pass' : 'MISS'}`,
  );
  report(
    `  its query alone (repository, tenant transaction, bare route): ${query.rps.toFixed(0)} req/s, ` +
      `p99 ${query.p99Ms} ms, ${(query.rps / pk.rps).toFixed(2)} of the bare lookup; ` +
      `sysUser/page reaches ${(page.rps / query.rps).toFixed(2)} of it`,
  );

  report(
    `  page 5 000 by offset, one client: ${offsetPage.rps.toFixed(1)} req/s, p99 ${offsetPage.p99Ms} ms; ` +
      `the same depth by keyset (afterId), 50 clients: ${keysetPage.rps.toFixed(0)} req/s, p99 ${keysetPage.p99Ms} ms ` +
      `(< 100 ms: ${keysetPage.p99Ms < 100 ? 'pass' : 'MISS'})`,
  );

  // Export: the first company's accounts (a tenth of the tenant) as xlsx, read to the end.
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50);
  started = performance.now();
  const response = await fetch(`${server.url}/api/sysUser/export`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'xlsx', orgId: FIRST_COMPANY }),
  });
  if (!response.ok || !response.body) throw new Error(`export failed: HTTP ${response.status}`);
  let bytes = 0;
  for await (const chunk of response.body) bytes += (chunk as Uint8Array).byteLength;
  clearInterval(sampler);
  const growth = (peak - before) / 2 ** 20;
  const exportSeconds = seconds(started);
  figures.export = {
    mb: Number((bytes / 2 ** 20).toFixed(1)),
    seconds: Number(exportSeconds),
    memoryGrowthMb: Math.round(growth),
    pass: growth < 150,
  };
  report(
    `export xlsx of the first company (~${(users / 10).toLocaleString('en')} rows): ${(bytes / 2 ** 20).toFixed(1)} MB in ` +
      `${exportSeconds} s, memory growth ${growth.toFixed(0)} MB (< 150 MB): ${growth < 150 ? 'pass' : 'MISS'}`,
  );

  // Import: 10 000 rows, one in a hundred bad (unknown organisation code).
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Accounts');
  sheet.addRow(['account', 'realName', 'orgCode', 'phone']);
  for (let i = 1; i <= 10_000; i++)
    sheet.addRow([
      `imp${i}`,
      `Imported ${i}`,
      i % 100 === 0 ? 'NOPE' : `B${111 + (i % 9890)}`,
      `15${String(i).padStart(9, '0')}`,
    ]);
  const file = Buffer.from(await book.xlsx.writeBuffer());
  const form = new FormData();
  form.append('file', new Blob([file]), 'accounts.xlsx');
  started = performance.now();
  const imported = await fetch(`${server.url}/api/sysUser/import`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}` },
    body: form,
  });
  const result = (await imported.json()) as { result?: { imported: number; failed: number } };
  const took = Number(seconds(started));
  figures.import = {
    imported: result.result?.imported ?? 0,
    failed: result.result?.failed ?? 0,
    seconds: took,
    pass: imported.ok && took < 30,
  };
  report(
    `import of 10,000 accounts: ${result.result?.imported ?? 0} added, ${result.result?.failed ?? 0} reported bad, ` +
      `in ${took} s (< 30 s): ${imported.ok && took < 30 ? 'pass' : 'MISS'}`,
  );
} finally {
  await server.close();
}
console.log(lines.join('\n'));
if (json) printJsonLine(figures);

function seconds(since: number): string {
  return ((performance.now() - since) / 1000).toFixed(1);
}

function failIfErrors(name: string, m: Measurement) {
  if (m.non2xx > m.responses * 0.01 || m.errors > 0) {
    throw new Error(
      `${name}: ${m.non2xx} non-2xx of ${m.responses}, ${m.errors} errors: ${JSON.stringify(m.statuses)}`,
    );
  }
}
