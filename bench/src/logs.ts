/**
 * `npm run bench:logs -w bench [-- --duration N] [--rows N]`: the log page of issue 11 on PostgreSQL
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL): one tenant's operation log of 1 000 000 rows;
 * sysLogOp/page (newest first, and with the "last 7 days" preset) at 50 connections against a bare
 * primary-key lookup of the same table measured in the same run. A measurement, never a test:
 * targets print as pass / miss.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { startLintel } from './lintel.js';
import { measure, type Measurement } from './load.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const duration = flag('duration', 10);
const rows = flag('rows', 1_000_000);
const CONNECTIONS = 50;
const TENANT = '1300000000001';
const ID_BASE = 5_000_000_000;

const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!postgresUrl) {
  console.error('bench:logs needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL');
  process.exit(2);
}
const redisUrl = process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || process.env.REDIS_URL;

/** `rows` operation log entries of the demo tenant, one a second back from now, set-based. */
async function seedOpLog(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      `insert into sys_log_op (id, tenant_id, account, real_name, method, url, permission, ip, user_agent,
                               status_code, success, message, elapsed_ms, create_time)
       select ${ID_BASE} + g, ${TENANT}, 'u' || (g % 1000), 'User ' || (g % 1000), 'POST',
              '/api/sysPos/update', 'sysPos:update', '10.0.' || (g % 250) || '.' || (g % 200),
              'Mozilla/5.0 Chrome/131', case when g % 50 = 0 then 400 else 200 end, g % 50 <> 0,
              case when g % 50 = 0 then 'refused' end, g % 300, now() - make_interval(secs => g)
       from generate_series(1, $1::int) as g`,
      [rows],
    );
    await client.query('analyze sys_log_op');
  } finally {
    await client.end();
  }
}

const server = await startLintel({ db: 'postgres', postgresUrl, ...(redisUrl ? { redisUrl } : {}) });
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  progress(line);
};
try {
  const started = performance.now();
  await seedOpLog(server.databaseUrl!);
  report(
    `seeded ${rows.toLocaleString('en')} operation log rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The bare baseline: one row of the same table by primary key, over a pool as large as the app's.
  const pool = new pg.Pool({ connectionString: server.databaseUrl, max: 10 });
  const bare = Fastify({ logger: false });
  bare.get('/pk', async () => {
    const id = ID_BASE + 1 + Math.floor(Math.random() * rows);
    return (await pool.query('select * from sys_log_op where id = $1', [id])).rows[0];
  });
  const bareUrl = await bare.listen({ host: '127.0.0.1', port: 0 });
  const run = async (url: string, spec: Partial<Parameters<typeof measure>[0]>) => {
    await measure({ url, method: 'GET', connections: CONNECTIONS, durationSeconds: 2, ...spec });
    return measure({ url, method: 'GET', connections: CONNECTIONS, durationSeconds: duration, ...spec });
  };
  const pk = await run(`${bareUrl}/pk`, {});
  await bare.close();
  await pool.end();
  report(`bare primary-key lookup: ${pk.rps.toFixed(0)} req/s, p99 ${pk.p99Ms} ms`);

  const pageOf = async (name: string, body: Record<string, unknown>) => {
    const m = await run(`${server.url}/api/sysLogOp/page`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    failIfErrors(name, m);
    const ratio = m.rps / pk.rps;
    report(
      `${name}: ${m.rps.toFixed(0)} req/s, p50 ${m.p50Ms} ms, p99 ${m.p99Ms} ms; ` +
        `${ratio.toFixed(2)} of the bare lookup; p99 < 100 ms: ${m.p99Ms < 100 ? 'pass' : 'MISS'}`,
    );
  };
  await pageOf('sysLogOp/page, newest 20 of all', { page: 1, pageSize: 20 });
  const week = new Date(Date.now() - 7 * 86_400_000).toISOString();
  await pageOf('sysLogOp/page, last 7 days preset', { page: 1, pageSize: 20, startTime: week });
  await pageOf('sysLogOp/page, page 500', { page: 500, pageSize: 20 });
} finally {
  await server.close();
}
console.log(lines.join('\n'));

function failIfErrors(name: string, m: Measurement) {
  if (m.non2xx > m.responses * 0.01 || m.errors > 0) {
    throw new Error(
      `${name}: ${m.non2xx} non-2xx of ${m.responses}, ${m.errors} errors: ${JSON.stringify(m.statuses)}`,
    );
  }
}
