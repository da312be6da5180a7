import os from 'node:os';
import path from 'node:path';
import type { ServerBase, ServerUsed } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import { formatIso } from '../../platform/http/result.js';
import { assemblyList, diskFigures, MachineSampler, memoryFigures } from './machine-figures.js';
import { databaseFigures, databaseVersion } from './sys-server.repo.js';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** `key:value` lines of Redis INFO as a map. */
const parseInfo = (info: string) =>
  new Map(
    info
      .split(/\r?\n/)
      .filter((line) => line && !line.startsWith('#') && line.includes(':'))
      .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
  );
const numberOf = (value: string | undefined) => (value === undefined ? null : Number(value));

export class SysServerService {
  readonly sampler = new MachineSampler();

  constructor(private readonly ctx: AppContext) {}

  async base(): Promise<ServerBase> {
    const cpus = os.cpus();
    return {
      hostName: os.hostname(),
      osName: os.type(),
      osRelease: os.release(),
      osArch: os.arch(),
      cpuModel: cpus[0]?.model.trim() ?? '',
      cpuCores: os.availableParallelism(),
      totalMemory: os.totalmem(),
      nodeVersion: process.version,
      v8Version: process.versions.v8,
      pid: process.pid,
      systemUptime: Math.round(os.uptime()),
      processUptime: Math.round(process.uptime()),
      startTime: formatIso(new Date(Date.now() - process.uptime() * 1000)),
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      database: {
        kind: this.ctx.db.kind,
        version: await databaseVersion(this.ctx.db.global).catch(message),
      },
      cacheKind: this.ctx.cache.kind,
    };
  }

  async used(): Promise<ServerUsed> {
    const [cpu, database, redis] = await Promise.all([this.sampler.cpu(), this.database(), this.redis()]);
    return {
      time: formatIso(new Date()),
      ...cpu,
      loadAverage: os.loadavg().map((n) => Math.round(n * 100) / 100),
      ...memoryFigures(),
      eventLoop: this.sampler.eventLoop(),
      database,
      redis,
    };
  }

  disk() {
    return diskFigures([
      { name: 'data', path: path.resolve(this.ctx.config.dataDir) },
      { name: 'root', path: path.parse(process.cwd()).root },
    ]);
  }

  assemblyList() {
    return assemblyList();
  }

  private async database(): Promise<ServerUsed['database']> {
    try {
      const { size, latency } = await databaseFigures(this.ctx.db.global);
      return { status: 'up', size, latency: Math.round(latency * 100) / 100, error: null };
    } catch (error) {
      return { status: 'down', size: null, latency: null, error: message(error) };
    }
  }

  /** Redis INFO when the cache is Redis; null on the in-memory cache. */
  private async redis(): Promise<ServerUsed['redis']> {
    const redis = this.ctx.cache.redis;
    if (!redis) return null;
    try {
      const info = parseInfo(await redis.info());
      const keyspace = /keys=(\d+)/.exec(info.get(`db${redis.options.db ?? 0}`) ?? '');
      return {
        status: 'up',
        version: info.get('redis_version') ?? null,
        usedMemory: numberOf(info.get('used_memory')),
        peakMemory: numberOf(info.get('used_memory_peak')),
        connectedClients: numberOf(info.get('connected_clients')),
        dbKeys: keyspace ? Number(keyspace[1]) : 0,
        error: null,
      };
    } catch (error) {
      return {
        status: 'down',
        version: null,
        usedMemory: null,
        peakMemory: null,
        connectedClients: null,
        dbKeys: null,
        error: message(error),
      };
    }
  }
}
