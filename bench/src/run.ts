/**
 * `npm run bench [-- --duration N] [--json]`: a bare Fastify baseline, then Lintel on embedded
 * PGlite, and again on PostgreSQL (+ Redis) when BENCH_DATABASE_URL / TEST_DATABASE_URL (and
 * BENCH_REDIS_URL / TEST_REDIS_URL / REDIS_URL) are set, all in this one process. A measurement,
 * never a test: targets are reported as pass/miss and do not change the exit code; a scenario whose
 * route fails (non-2xx) is not a measurement and makes the run exit 1.
 */
import os from 'node:os';
import { readArgs } from './args.js';
import { startBaseline } from './baseline.js';
import { startLintel, type DbKind, type LintelServer } from './lintel.js';
import { formatTable, printJsonLine, toRows } from './report.js';
import { baselineScenario, lintelScenarios, runScenario, type Outcome, type Scenario } from './scenarios.js';

const args = readArgs('npm run bench -- [--duration SECONDS] [--json]', {
  // Seconds each scenario is measured (after its warm-up).
  duration: { fallback: 5, min: 1, max: 600 },
});
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;
const redisUrl =
  process.env.BENCH_REDIS_URL || process.env.TEST_REDIS_URL || process.env.REDIS_URL || undefined;
/** Progress goes to stderr, so stdout holds the table and (with --json) the JSON line last. */
const progress = (line: string) => console.error(`[bench] ${line}`);

async function run(scenario: Scenario, baseUrl: string): Promise<Outcome> {
  progress(`${scenario.name} (${scenario.db}): ${scenario.connections} connections, ${args.duration} s`);
  const outcome = await runScenario(baseUrl, scenario, args.duration);
  if (!outcome.ok) progress(`${scenario.name} (${scenario.db}) FAILED: ${outcome.failure}`);
  return outcome;
}

const outcomes: Outcome[] = [];
const cpus = os.availableParallelism();
progress(`node ${process.version}, ${cpus} cpus, ${os.cpus()[0]?.model ?? 'unknown cpu'}`);
// Checked before the run: during it, this process's own threads raise the load average too.
const load = os.loadavg()[0] ?? 0;
if (load > cpus) {
  progress(
    `WARNING: load average ${load.toFixed(1)} on ${cpus} cpus: other processes compete for the cores, ` +
      'so req/s and latency are low and noisy (cpu µs/req is steadier)',
  );
}

const baseline = await startBaseline();
try {
  outcomes.push(await run(baselineScenario(), baseline.url));
} finally {
  await baseline.close();
}

const databases: DbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl) progress('PostgreSQL run skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL');
for (const db of databases) {
  const started = performance.now();
  let server: LintelServer;
  try {
    server = await startLintel({
      db,
      ...(postgresUrl ? { postgresUrl } : {}),
      ...(redisUrl ? { redisUrl } : {}),
    });
  } catch (error) {
    const failure = `Lintel did not start: ${error instanceof Error ? error.message : String(error)}`;
    progress(`${db} FAILED: ${failure}`);
    for (const name of ['userInfo', 'loginMenuTree', 'login'] as const) {
      outcomes.push({ scenario: { ...baselineScenario(), name, db }, ok: false, failure });
    }
    continue;
  }
  progress(`Lintel on ${server.label} ready in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  try {
    for (const scenario of lintelScenarios(server)) outcomes.push(await run(scenario, server.url));
  } finally {
    await server.close();
  }
}

const rows = toRows(outcomes);
console.log(formatTable(rows));
if (args.json) printJsonLine({ scenarios: rows });
process.exitCode = rows.some((row) => row.failure) ? 1 : 0;
