/**
 * `npm run bench [-- --duration N] [--runs N] [--json]`: a bare Fastify baseline, then Lintel on
 * embedded PGlite, and again on PostgreSQL (+ Redis) when BENCH_DATABASE_URL / TEST_DATABASE_URL (and
 * BENCH_REDIS_URL / TEST_REDIS_URL / REDIS_URL) are set, all in this one process. Each GET route is
 * also compared with a bare route answering its very bytes (same-bytes.ts). With `--runs N` the whole
 * set runs N times and the ratios are summarised as min/median/max. A measurement,
 * never a test: targets are reported as pass/miss and do not change the exit code; a scenario whose
 * route fails (non-2xx) is not a measurement and makes the run exit 1.
 */
import os from 'node:os';
import { readArgs } from './args.js';
import { startBaseline } from './baseline.js';
import { startLintel, type DbKind, type LintelServer } from './lintel.js';
import { formatSpread, formatTable, printJsonLine, ratioSpread, toRows, type Row } from './report.js';
import { sameBytesScenario, startSameBytes } from './same-bytes.js';
import { baselineScenario, lintelScenarios, runScenario, type Outcome, type Scenario } from './scenarios.js';

const args = readArgs('npm run bench -- [--duration SECONDS] [--runs N] [--json]', {
  // Seconds each scenario is measured (after its warm-up).
  duration: { fallback: 5, min: 1, max: 600 },
  // Whole runs (baseline and every scenario), for the spread of the ratios.
  runs: { fallback: 1, min: 1, max: 10 },
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

/** The route, then the bare route answering its bytes (GET routes), each measured in this run. */
async function measureWithSameBytes(scenario: Scenario, baseUrl: string): Promise<Outcome> {
  const outcome = await run(scenario, baseUrl);
  if (!outcome.ok || scenario.method !== 'GET') return outcome;
  const same = await startSameBytes(baseUrl, scenario);
  try {
    const bare = await run(sameBytesScenario(scenario), same.url);
    return bare.ok ? { ...outcome, sameBytes: { rps: bare.rps, cpuUsPerReq: bare.cpuUsPerReq } } : outcome;
  } finally {
    await same.close();
  }
}

async function runOnce(): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const baseline = await startBaseline();
  try {
    outcomes.push(await run(baselineScenario(), baseline.url));
  } finally {
    await baseline.close();
  }
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
      for (const scenario of lintelScenarios(server)) {
        outcomes.push(await measureWithSameBytes(scenario, server.url));
      }
    } finally {
      await server.close();
    }
  }
  return outcomes;
}

const databases: DbKind[] = postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
if (!postgresUrl) progress('PostgreSQL run skipped: set TEST_DATABASE_URL or BENCH_DATABASE_URL');

const runs: Row[][] = [];
for (let i = 1; i <= args.runs; i++) {
  if (args.runs > 1) progress(`run ${i} of ${args.runs}`);
  const rows = toRows(await runOnce());
  if (args.runs > 1) console.log(`run ${i} of ${args.runs}`);
  console.log(formatTable(rows));
  runs.push(rows);
}
const spread = args.runs > 1 ? ratioSpread(runs) : undefined;
if (spread) console.log(`\n${formatSpread(spread)}`);
if (args.json) printJsonLine(args.runs > 1 ? { runs, spread } : { scenarios: runs[0] });
process.exitCode = runs.flat().some((row) => row.failure) ? 1 : 0;
