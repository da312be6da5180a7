/**
 * `npm run bench:notices [-- --users N] [--runs N] [--sockets N]`: publishing a notice to every account of a
 * tenant of 10 000 accounts (sysNotice/public on PostgreSQL: BENCH_DATABASE_URL or
 * TEST_DATABASE_URL), against a bare baseline measured in the same run on the same database: one
 * `insert ... select` of as many rows into a table of the same shape without the application. Prints
 * the median and worst time of each and their ratio. Then PublicNotice reaching `--sockets` open
 * pages (notice-fanout.ts) against a bare Socket.IO emit. A measurement, never a test.
 */
import pg from 'pg';
import { startLintel } from './lintel.js';
import { bareFanout, hubFanout } from './notice-fanout.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const users = flag('users', 10_000);
const runs = flag('runs', 7);
const sockets = flag('sockets', 1000);

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.error('bench:notices needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(2);
}

const TENANT = '1300000000001';
const ROOT_ORG = '1300000000201';
const USER_BASE = 4_000_000_000n;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const worst = (values: number[]) => Math.max(...values);

async function call(url: string, token: string, path: string, body: unknown) {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as { result: unknown }).result;
}

const server = await startLintel({ db: 'postgres', postgresUrl });
const client = new pg.Client({ connectionString: server.databaseUrl });
await client.connect();
let failed = false;
const fmt = (ms: number) => ms.toFixed(1);
try {
  progress(`seeding ${users} accounts`);
  const hash = (
    await client.query<{ password: string }>(`select password from sys_user where account = 'admin'`)
  ).rows[0]!.password;
  await client.query(
    `insert into sys_user (id, tenant_id, account, password, real_name, org_id, account_type)
     select ${USER_BASE} + g, ${TENANT}, 'n' || g, $1, 'Reader ' || g, ${ROOT_ORG}, 777
     from generate_series(1, $2::int) as g`,
    [hash, users],
  );
  await client.query('analyze sys_user');
  const recipients = Number(
    (
      await client.query<{ n: string }>(
        `select count(*) as n from sys_user where tenant_id = ${TENANT} and status = 1`,
      )
    ).rows[0]!.n,
  );

  // The baseline: the same number of read-state rows written by one bare statement, no HTTP, no app.
  await client.query(
    `create table bench_notice_user (tenant_id bigint, notice_id bigint, user_id bigint,
       read_status smallint not null default 0, read_time timestamptz, primary key (tenant_id, notice_id, user_id))`,
  );
  const bare: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const started = performance.now();
    await client.query(
      `insert into bench_notice_user (tenant_id, notice_id, user_id)
       select tenant_id, ${run + 1}, id from sys_user where tenant_id = ${TENANT} and status = 1`,
    );
    if (run > 0) bare.push(performance.now() - started); // the first run warms the caches
  }

  const publish: number[] = [];
  for (let run = 0; run <= runs; run++) {
    const id = (await call(server.url, server.adminToken, '/api/sysNotice/add', {
      title: `Bench ${run}`,
      content: '<p>Everyone reads this.</p>',
      type: 1,
      receiveType: 'all',
    })) as string;
    const started = performance.now();
    const result = (await call(server.url, server.adminToken, '/api/sysNotice/public', { id })) as {
      recipientCount: number;
    };
    const elapsed = performance.now() - started;
    if (result.recipientCount !== recipients) {
      failed = true;
      progress(`publish reached ${result.recipientCount} of ${recipients} accounts`);
    }
    if (run > 0) publish.push(elapsed);
  }

  console.log(
    `\nNotice publish to ${recipients} recipients (${server.label}), ${runs} runs after one warm-up`,
  );
  console.log('| what | median ms | worst ms | ratio (median) |');
  console.log('|---|---|---|---|');
  console.log(
    `| bare insert ... select of ${recipients} rows | ${fmt(median(bare))} | ${fmt(worst(bare))} | 1.00 |`,
  );
  console.log(
    `| POST /api/sysNotice/public | ${fmt(median(publish))} | ${fmt(worst(publish))} | ${(median(publish) / median(bare)).toFixed(2)} |`,
  );

  progress(`hub fan-out: ${sockets} sockets`);
  const bareMs = await bareFanout(sockets);
  const adminId = (await client.query<{ id: string }>(`select id from sys_user where account = 'admin'`))
    .rows[0]!.id;
  const toAdmin = (await call(server.url, server.adminToken, '/api/sysNotice/add', {
    title: 'Fan-out',
    content: '<p>To every open page.</p>',
    type: 1,
    receiveType: 'user',
    receiveUserIds: [adminId],
  })) as string;
  const hubMs = await hubFanout(server.url, server.adminToken, sockets, () =>
    call(server.url, server.adminToken, '/api/sysNotice/public', { id: toAdmin }),
  );
  console.log(`\nPublicNotice to ${sockets} open sockets (one run each, last socket's arrival)`);
  console.log('| what | ms | ratio |');
  console.log('|---|---|---|');
  console.log(`| bare Socket.IO emit to ${sockets} clients | ${fmt(bareMs)} | 1.00 |`);
  console.log(
    `| sysNotice/public → PublicNotice on every socket | ${fmt(hubMs)} | ${(hubMs / bareMs).toFixed(2)} |`,
  );
} finally {
  await client.end();
  await server.close();
}
process.exit(failed ? 1 : 0);
