/**
 * `npm run bench:soak [-- --minutes 10] [--rate 40] [--json]`: the server as `npm start` runs it
 * (tools/start.mjs: builds what changed, then the compiled server), restarted on the data a first
 * start migrated and seeded, under a moderate, fixed load for `--minutes` (soak-traffic.ts: a mix of
 * signed-in pages at `--rate` requests a second, sign-ins and sign-outs, hub clients coming and
 * going). On the embedded database in a temporary DATA_DIR, or on PostgreSQL when DATABASE_URL
 * names a server (a fresh database there, dropped afterwards); with Redis when REDIS_URL is set
 * (under a key prefix of its own, its keys deleted afterwards). Every 5 s the server's own /metrics
 * (METRICS=on) gives its RSS (VmRSS) and V8 heap used; after a warm-up (the first minute, or the
 * first 20 % of a shorter run: JIT, caches filling) a least-squares line gives each one's slope in
 * MB per minute. Flat memory: heap < 0.5 and RSS < 1 MB/min, printed as pass / MISS (a
 * measurement: a MISS is no failure). Exit 1 when more than 1 % of the requests failed.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, startServer } from '@lintel/server/test/processes/server-process.js';
import { readArgs } from './args.js';
import { lineFit, type Point } from './line-fit.js';
import { createBenchDatabase, type BenchDatabase } from './postgres.js';
import { benchRedisPrefix, removeRedisKeys } from './redis.js';
import { printJsonLine } from './report.js';
import { SoakTraffic } from './soak-traffic.js';

const args = readArgs('npm run bench:soak -- [--minutes N] [--rate N] [--json]', {
  minutes: { fallback: 10, min: 0.25, max: 24 * 60 },
  rate: { fallback: 40, min: 1, max: 1_000 },
});
const TARGET = { heapMbPerMin: 0.5, rssMbPerMin: 1 };
const SAMPLE_EVERY_MS = 5_000;
const MAX_FAILED_SHARE = 0.01;
const seconds = args.minutes * 60;
const warmUpSeconds = Math.min(60, seconds * 0.2);
const progress = (line: string) => console.error(`[bench] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One reading of the server's /metrics, `at` seconds after the load began. */
interface Sample {
  at: number;
  rssMb: number;
  heapMb: number;
  handles: number;
  /** Full (mark-compact) collections so far. */
  majorGcs: number;
}

const MB = 2 ** 20;
async function sample(base: string, at: number): Promise<Sample | undefined> {
  try {
    const text = await (await fetch(`${base}/metrics`, { signal: AbortSignal.timeout(5_000) })).text();
    // prom-client's defaults, under the app's prefix: `lintel_<name> <value>` lines.
    const value = (name: string) => Number(new RegExp(`^lintel_${name} (\\S+)$`, 'm').exec(text)?.[1]);
    const figures = {
      rssMb: value('process_resident_memory_bytes') / MB,
      heapMb: value('nodejs_heap_size_used_bytes') / MB,
      handles: value('nodejs_active_handles_total'),
    };
    if (Object.values(figures).some((v) => !Number.isFinite(v))) throw new Error('figures missing');
    // The histogram has no `major` series before the first one.
    const majorGcs = Number(
      /^lintel_nodejs_gc_duration_seconds_count\{kind="major"\} (\S+)$/m.exec(text)?.[1] ?? 0,
    );
    return { at, ...figures, majorGcs };
  } catch (error) {
    progress(`no metrics at ${at.toFixed(0)} s: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

const cpus = os.availableParallelism();
const loadAtStart = os.loadavg()[0] ?? 0;
progress(`node ${process.version}, ${cpus} cpus, load average ${loadAtStart.toFixed(1)}`);
if (loadAtStart > cpus) progress(`WARNING: load average ${loadAtStart.toFixed(1)} on ${cpus} cpus`);

const postgresUrl = process.env.DATABASE_URL;
const redisUrl = process.env.REDIS_URL;
const label = `${postgresUrl ? 'PostgreSQL' : 'PGlite (embedded)'}, ${redisUrl ? 'Redis' : 'memory'} cache`;
const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-soak-'));
const redisPrefix = benchRedisPrefix();
let database: BenchDatabase | undefined;
const samples: Sample[] = [];
let traffic: SoakTraffic | undefined;
let exitCode: number | null | undefined;
try {
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    PORT: String(await freePort()),
    LINTEL_CAPTCHA: 'off',
    METRICS: 'on',
  };
  if (postgresUrl) {
    database = await createBenchDatabase(postgresUrl);
    env.DATABASE_URL = database.url;
  }
  if (redisUrl) Object.assign(env, { REDIS_URL: redisUrl, REDIS_PREFIX: redisPrefix });
  // The first start builds what changed, migrates and seeds; the soak runs on a restart, as a server
  // in service does: the seed's garbage (hundreds of MB of RSS until V8's first full collection,
  // about 100 s into the load) is not the server's steady state.
  progress(`first start (${label}): builds what changed, migrates and seeds`);
  const first = startServer(env, 'start');
  try {
    await first.ready(600_000);
  } finally {
    await first.stop();
  }
  const server = startServer(env, 'start');
  try {
    await server.ready();
    traffic = new SoakTraffic(server.base);
    await traffic.prepare();
    progress(`${args.minutes} min at ${args.rate} req/s; warm-up ${warmUpSeconds.toFixed(0)} s`);
    const started = performance.now();
    const sampler = (async () => {
      for (let k = 0; k * SAMPLE_EVERY_MS <= seconds * 1000; k++) {
        await sleep(started + k * SAMPLE_EVERY_MS - performance.now());
        const reading = await sample(server.base, k * (SAMPLE_EVERY_MS / 1000));
        if (reading) samples.push(reading);
        if (reading && k > 0 && (k * SAMPLE_EVERY_MS) % 60_000 === 0) {
          progress(
            `${reading.at / 60} min: RSS ${reading.rssMb.toFixed(0)} MB, heap ${reading.heapMb.toFixed(0)} MB, ` +
              `${traffic!.tally.requests} requests, ${traffic!.tally.errors} errors`,
          );
        }
      }
    })();
    await traffic.run(args.rate, seconds);
    await sampler;
    await traffic.stop();
  } finally {
    exitCode = await server.stop();
    if (exitCode !== 0)
      progress(`the server's exit was not clean (${exitCode}):\n${server.output().slice(-2000)}`);
  }
} finally {
  await database?.drop();
  if (redisUrl) await removeRedisKeys(redisUrl, redisPrefix);
  await fs.rm(dataDir, { recursive: true, force: true });
}

const tally = traffic!.tally;
const loadAtEnd = os.loadavg()[0] ?? 0;
const round = (value: number, digits = 2) => Number(value.toFixed(digits));
const sorted = [...tally.latenciesMs].sort((a, b) => a - b);
const percentile = (q: number) => round(sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN, 1);
// Until V8's first full collection under load, heap used (and RSS with it) counts everything promoted
// since the start, live or not: a ramp of ~60 MB/min at 40 req/s for ~80 s. That collection frees the
// heap; the pages go back to the system a few seconds later, at the next one (V8's memory reducer).
// A fit across those drops reports a steep fall, so the warm-up lasts until two have run.
const settled = samples.find((s) => s.majorGcs >= samples[0]!.majorGcs + 2)?.at;
const fitFrom = Math.max(warmUpSeconds, settled ?? 0);
const measured = samples.filter((s) => s.at >= fitFrom);
/** MB per minute and its standard error: heap used saws up and down between collections. */
const slope = (pick: (s: Sample) => number) => {
  if (measured.length < 3) return { slope: NaN, error: NaN };
  const fit = lineFit(measured.map((s): Point => ({ x: s.at / 60, y: pick(s) })));
  return { slope: round(fit.slope, 3), error: round(fit.slopeError, 3) };
};
const rssFit = slope((s) => s.rssMb);
const heapFit = slope((s) => s.heapMb);
const figures = {
  minutes: args.minutes,
  rate: args.rate,
  database: label,
  cpus,
  loadAverage: { start: round(loadAtStart, 1), end: round(loadAtEnd, 1) },
  warmUpSeconds: round(fitFrom, 0),
  secondFullGcSeconds: settled ?? null,
  requests: tally.requests,
  mixRequests: tally.latenciesMs.length,
  signIns: tally.signIns,
  hubConnections: tally.hubConnections,
  errors: tally.errors,
  errorShare: tally.requests ? round(tally.errors / tally.requests, 4) : 0,
  failures: tally.failures,
  p50Ms: percentile(0.5),
  p99Ms: percentile(0.99),
  rssMb: {
    idle: round(samples[0]?.rssMb ?? NaN, 1),
    afterWarmUp: round(measured[0]?.rssMb ?? NaN, 1),
    end: round(samples.at(-1)?.rssMb ?? NaN, 1),
    max: round(Math.max(...samples.map((s) => s.rssMb)), 1),
  },
  heapMb: {
    afterWarmUp: round(measured[0]?.heapMb ?? NaN, 1),
    end: round(samples.at(-1)?.heapMb ?? NaN, 1),
  },
  activeHandles: { afterWarmUp: measured[0]?.handles ?? null, end: samples.at(-1)?.handles ?? null },
  rssSlopeMbPerMin: rssFit.slope,
  rssSlopeErrorMbPerMin: rssFit.error,
  heapSlopeMbPerMin: heapFit.slope,
  heapSlopeErrorMbPerMin: heapFit.error,
  samplesFitted: measured.length,
  targets: TARGET,
  serverExit: exitCode ?? null,
  /** [seconds, RSS MB, heap used MB, active handles, full collections] every 5 s. */
  samples: samples.map((s) => [s.at, round(s.rssMb, 1), round(s.heapMb, 1), s.handles, s.majorGcs]),
};
const rssPass = figures.rssSlopeMbPerMin < TARGET.rssMbPerMin;
const heapPass = figures.heapSlopeMbPerMin < TARGET.heapMbPerMin;
const verdict = (pass: boolean) => (pass ? 'pass' : 'MISS');
const failed = tally.errors > tally.requests * MAX_FAILED_SHARE;
const { rssMb, heapMb } = figures;

console.log(
  [
    `soak: ${args.minutes} min at ${args.rate} req/s, ${label}, load ${figures.loadAverage.start} → ` +
      `${figures.loadAverage.end} on ${cpus} cpus:`,
    `  requests ${tally.requests} (mix ${figures.mixRequests}, sign-ins ${tally.signIns}, hub connections ` +
      `${tally.hubConnections}), errors ${tally.errors} (${(figures.errorShare * 100).toFixed(2)} %), ` +
      `mix p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms`,
    `  RSS of the server: idle ${rssMb.idle} MB, after warm-up ${rssMb.afterWarmUp} MB, end ${rssMb.end} MB, ` +
      `max ${rssMb.max} MB`,
    `  heap used: after warm-up ${heapMb.afterWarmUp} MB, end ${heapMb.end} MB; active handles ` +
      `${figures.activeHandles.afterWarmUp} → ${figures.activeHandles.end}`,
    `  slopes after the first ${figures.warmUpSeconds} s (${measured.length} samples, least squares), ` +
      (settled === undefined
        ? 'MEASURED BEFORE V8 SETTLED (under two full collections under load): run longer'
        : `V8's second full collection under load by ${settled} s:`),
    `    RSS  ${rssFit.slope} ± ${rssFit.error} MB/min (< ${TARGET.rssMbPerMin}: ${verdict(rssPass)})`,
    `    heap ${heapFit.slope} ± ${heapFit.error} MB/min (< ${TARGET.heapMbPerMin}: ${verdict(heapPass)})`,
    `  memory flat: ${verdict(rssPass && heapPass)}`,
    ...Object.entries(tally.failures).map(([what, count]) => `  FAILED ${count} × ${what}`),
  ].join('\n'),
);
if (args.json) printJsonLine(figures);
if (failed) {
  console.error(`more than ${MAX_FAILED_SHARE * 100} % of the requests failed`);
  process.exit(1);
}
