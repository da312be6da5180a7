/**
 * `npm run bench:start [-- --runs N] [--idle SECONDS] [--json]`: the embedded default's restart, as
 * `npm start` runs it (tools/start.mjs: stamps checked, then the compiled server), against the same
 * sources through the tsx loader (what `npm start` ran before and `npm run dev` runs; started as
 * test/processes/server-process.ts starts it), measured in the same run, runs interleaved.
 * A first start through tools/start.mjs builds what changed and migrates and seeds a temporary
 * DATA_DIR; every measured start reuses it. Restart: spawn to the first 200 of /health/ready (npm's
 * own start-up, ~0.3 s, is not in it), and the CPU time its processes used until then (steadier
 * than the wall clock on a busy machine). Idle RSS: VmRSS of the server process itself (not of
 * tools/start.mjs, its parent) after `--idle` seconds. A measurement, never a test:
 * targets print as pass / MISS.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {
  freePort,
  startServer,
  waitUntil,
  type RunMode,
} from '@lintel/server/test/processes/server-process.js';
import { readArgs } from './args.js';
import { processTree, rssMb } from './proc.js';
import { printJsonLine } from './report.js';

const args = readArgs('npm run bench:start -- [--runs N] [--idle SECONDS] [--json]', {
  runs: { fallback: 3, min: 1, max: 20 },
  idle: { fallback: 10, min: 0, max: 600 },
});
const TARGET = { restartSeconds: 3, idleRssMb: 400 };
type Variant = 'compiled' | 'tsx';
const VARIANTS: { name: Variant; mode: RunMode; label: string }[] = [
  { name: 'compiled', mode: 'start', label: 'npm start (compiled)' },
  { name: 'tsx', mode: 'tsx', label: 'tsx (npm run dev)' },
];
const progress = (line: string) => console.error(`[bench] ${line}`);

async function serves(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(1_000) })).status === 200;
  } catch {
    return false;
  }
}

interface Start {
  seconds: number;
  cpuSeconds: number;
  rssMb: number;
}

async function measureStart(mode: RunMode, env: Record<string, string>): Promise<Start> {
  const started = performance.now();
  const server = startServer(env, mode);
  try {
    await waitUntil(() => serves(`${server.base}/health/ready`), 120_000, `${mode} start`);
    const seconds = (performance.now() - started) / 1000;
    const tree = await processTree(server.child.pid!);
    if (server.output().includes('server: building')) {
      progress('sources changed during the run: this start included a server build');
    }
    await new Promise((resolve) => setTimeout(resolve, args.idle * 1000));
    // The server is the deepest node process (tools/start.mjs runs it as its child).
    const serverPid = tree.filter((p) => p.command === 'node').at(-1)!.pid;
    return {
      seconds,
      cpuSeconds: tree.reduce((sum, p) => sum + p.cpuSeconds, 0),
      rssMb: await rssMb(serverPid),
    };
  } finally {
    if ((await server.stop()) !== 0) progress(`${mode}: unclean exit\n${server.output()}`);
  }
}

type Spread = { min: number; median: number; max: number; runs: number[] };
function spread(values: number[], digits: number): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  const round = (value: number) => Number(value.toFixed(digits));
  return {
    min: round(sorted[0]!),
    median: round(sorted[Math.floor((sorted.length - 1) / 2)]!),
    max: round(sorted.at(-1)!),
    runs: values.map(round),
  };
}

const cpus = os.availableParallelism();
const load = os.loadavg()[0] ?? 0;
progress(`node ${process.version}, ${cpus} cpus, load average ${load.toFixed(1)}`);
if (load > cpus) progress(`WARNING: load average ${load.toFixed(1)} on ${cpus} cpus: times are inflated`);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-start-'));
const starts: Record<Variant, Start[]> = { compiled: [], tsx: [] };
try {
  const env = { DATA_DIR: dataDir, PORT: String(await freePort()) };
  progress('first start: builds what changed, migrates and seeds');
  const first = startServer(env, 'start');
  await first.ready(600_000);
  await first.stop();
  for (let run = 1; run <= args.runs; run++) {
    for (const { name, mode, label } of VARIANTS) {
      const start = await measureStart(mode, env);
      progress(
        `run ${run}, ${label}: serving in ${start.seconds.toFixed(2)} s ` +
          `(${start.cpuSeconds.toFixed(2)} s of CPU), idle RSS ${start.rssMb} MB`,
      );
      starts[name].push(start);
    }
  }
} finally {
  await fs.rm(dataDir, { recursive: true, force: true });
}

const figuresOf = (list: Start[]) => ({
  restartSeconds: spread(
    list.map((s) => s.seconds),
    2,
  ),
  restartCpuSeconds: spread(
    list.map((s) => s.cpuSeconds),
    2,
  ),
  idleRssMb: spread(
    list.map((s) => s.rssMb),
    0,
  ),
});
const compiled = figuresOf(starts.compiled);
const tsx = figuresOf(starts.tsx);
const verdict = (value: number, limit: number) => (value < limit ? 'pass' : 'MISS');
const line = (label: string, s: Spread, unit: string) =>
  `  ${label.padEnd(22)} min ${s.min} ${unit}, median ${s.median} ${unit}, max ${s.max} ${unit}`;
console.log(
  [
    `restart to serving (spawn to first 200 of /health/ready), ${args.runs} runs, load ${load.toFixed(1)} on ${cpus} cpus:`,
    `${line(VARIANTS[0]!.label, compiled.restartSeconds, 's')}  ` +
      `(< ${TARGET.restartSeconds} s: ${verdict(compiled.restartSeconds.median, TARGET.restartSeconds)})`,
    line(VARIANTS[1]!.label, tsx.restartSeconds, 's'),
    'CPU time of its processes until then:',
    line(VARIANTS[0]!.label, compiled.restartCpuSeconds, 's'),
    line(VARIANTS[1]!.label, tsx.restartCpuSeconds, 's'),
    `idle RSS of the server process after ${args.idle} s:`,
    `${line(VARIANTS[0]!.label, compiled.idleRssMb, 'MB')}  ` +
      `(< ${TARGET.idleRssMb} MB: ${verdict(compiled.idleRssMb.median, TARGET.idleRssMb)})`,
    line(VARIANTS[1]!.label, tsx.idleRssMb, 'MB'),
  ].join('\n'),
);
if (args.json) {
  printJsonLine({
    runs: args.runs,
    idleSeconds: args.idle,
    cpus,
    loadAverage: Number(load.toFixed(1)),
    targets: TARGET,
    compiled,
    tsx,
  });
}
