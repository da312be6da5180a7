import { Type, type Static } from 'typebox';
import { Nullable } from './common.js';

/** Server monitoring (sysServer): the machine, the process, the database and Redis. */

export const ServerBaseOutput = Type.Object({
  hostName: Type.String(),
  osName: Type.String(),
  osRelease: Type.String(),
  osArch: Type.String(),
  cpuModel: Type.String(),
  cpuCores: Type.Integer(),
  totalMemory: Type.Number(),
  nodeVersion: Type.String(),
  v8Version: Type.String(),
  pid: Type.Integer(),
  /** Seconds the machine and this process have been up. */
  systemUptime: Type.Number(),
  processUptime: Type.Number(),
  startTime: Type.String(),
  timeZone: Type.String(),
  database: Type.Object({
    kind: Type.Union([Type.Literal('pglite'), Type.Literal('postgres')]),
    version: Type.String(),
  }),
  cacheKind: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
});
export type ServerBase = Static<typeof ServerBaseOutput>;

export const ServerUsedOutput = Type.Object({
  time: Type.String(),
  /** Machine CPU use over the last sampling interval, 0-100. */
  cpuUsage: Type.Number(),
  /** This process's CPU use over the same interval, 0-100 of one core times the core count. */
  processCpuUsage: Type.Number(),
  loadAverage: Type.Array(Type.Number()),
  totalMemory: Type.Number(),
  freeMemory: Type.Number(),
  usedMemory: Type.Number(),
  memoryUsage: Type.Number(),
  process: Type.Object({
    rss: Type.Number(),
    heapTotal: Type.Number(),
    heapUsed: Type.Number(),
    external: Type.Number(),
    arrayBuffers: Type.Number(),
  }),
  eventLoop: Type.Object({
    /** Delay of the event loop (ms) over the last interval: mean, p99 and max. */
    lagMean: Type.Number(),
    lagP99: Type.Number(),
    lagMax: Type.Number(),
    /** Share of the time the loop was busy over the last interval, 0-1. */
    utilization: Type.Number(),
  }),
  database: Type.Object({
    status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
    /** Size in bytes (pg_database_size); null when it could not be read. */
    size: Nullable(Type.Number()),
    /** Round trip of a `select 1`, ms. */
    latency: Nullable(Type.Number()),
    error: Nullable(Type.String()),
  }),
  redis: Nullable(
    Type.Object({
      status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
      version: Nullable(Type.String()),
      usedMemory: Nullable(Type.Number()),
      peakMemory: Nullable(Type.Number()),
      connectedClients: Nullable(Type.Number()),
      /** Keys under this deployment's prefix are counted by the cache page; this is the whole db. */
      dbKeys: Nullable(Type.Number()),
      error: Nullable(Type.String()),
    }),
  ),
});
export type ServerUsed = Static<typeof ServerUsedOutput>;

export const ServerDiskOutput = Type.Array(
  Type.Object({
    /** What the figure is for: `data` (the app's data folder) or `root`. */
    name: Type.String(),
    path: Type.String(),
    total: Type.Number(),
    free: Type.Number(),
    used: Type.Number(),
    usage: Type.Number(),
  }),
);
export type ServerDisk = Static<typeof ServerDiskOutput>;

export const AssemblyListOutput = Type.Array(
  Type.Object({ name: Type.String(), version: Type.String(), role: Type.String() }),
);
export type AssemblyItem = Static<typeof AssemblyListOutput>[number];
