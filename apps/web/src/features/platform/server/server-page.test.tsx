import type { ServerBase, ServerUsed } from '@lintel/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userInfo } from '../../../test/fixtures';
import { json } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import ServerPage from './server-page';

const base: ServerBase = {
  hostName: 'lintel-01',
  osName: 'Linux #1 SMP',
  osRelease: '6.1',
  osArch: 'x64',
  cpuModel: 'Test CPU',
  cpuCores: 8,
  totalMemory: 16 * 1024 ** 3,
  nodeVersion: 'v22.1.0',
  v8Version: '12.4',
  pid: 4242,
  systemUptime: 90_000,
  processUptime: 3_700,
  startTime: '2026-11-24T08:00:00+08:00',
  timeZone: 'Asia/Shanghai',
  database: { kind: 'postgres', version: 'PostgreSQL 17.2 on x86_64' },
  cacheKind: 'redis',
};
const used = (cpu: number): ServerUsed => ({
  time: new Date().toISOString(),
  cpuUsage: cpu,
  processCpuUsage: 3.5,
  loadAverage: [0.5, 0.4, 0.3],
  totalMemory: 16 * 1024 ** 3,
  freeMemory: 8 * 1024 ** 3,
  usedMemory: 8 * 1024 ** 3,
  memoryUsage: 50,
  process: {
    rss: 200 * 1024 ** 2,
    heapTotal: 120 * 1024 ** 2,
    heapUsed: 80 * 1024 ** 2,
    external: 0,
    arrayBuffers: 0,
  },
  eventLoop: { lagMean: 10.2, lagP99: 12.5, lagMax: 20, utilization: 0.123 },
  database: { status: 'up', size: 48 * 1024 ** 2, latency: 0.8, error: null },
  redis: {
    status: 'up',
    version: '7.2.4',
    usedMemory: 2 * 1024 ** 2,
    peakMemory: 3 * 1024 ** 2,
    connectedClients: 4,
    dbKeys: 120,
    error: null,
  },
});

let usedCalls: number;
beforeEach(() => {
  usedCalls = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname;
      if (path === '/api/sysAuth/userInfo') return json(userInfo({ isSuperAdmin: true }));
      if (path === '/api/sysServer/serverBase') return json(base);
      if (path === '/api/sysServer/serverUsed') return json(used(20 + usedCalls++));
      if (path === '/api/sysServer/serverDisk')
        return json([
          {
            name: 'data',
            path: '/srv/lintel/data',
            total: 100 * 1024 ** 3,
            free: 60 * 1024 ** 3,
            used: 40 * 1024 ** 3,
            usage: 40,
          },
        ]);
      if (path === '/api/sysServer/assemblyList')
        return json([{ name: 'fastify', version: '5.6.1', role: 'HTTP server' }]);
      return json('not found', 404);
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('server monitoring page', () => {
  it('shows the figures of the machine, the process, the database and Redis, and draws the chart', async () => {
    await renderPage(<ServerPage />);
    expect(await screen.findByText('v22.1.0 (V8 12.4)')).toBeTruthy();
    expect(screen.getByText('Test CPU × 8')).toBeTruthy();
    expect(await screen.findByText('12.5 ms')).toBeTruthy();
    expect(screen.getByText('200.0 MB')).toBeTruthy();
    expect(screen.getByText('Redis 7.2.4')).toBeTruthy();
    expect(screen.getByText('PostgreSQL 17.2')).toBeTruthy();
    expect(await screen.findByText('/srv/lintel/data')).toBeTruthy();
    expect(await screen.findByText('fastify')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('server-live-chart').querySelector('svg')).toBeTruthy());
  });
});
