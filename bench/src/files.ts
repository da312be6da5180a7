/**
 * `npm run bench:files [-- --duration N]`: file centre upload throughput (sysFile/uploadFile on
 * embedded PGlite, local disk storage) against raw disk writes of the same bytes measured in the
 * same run, for a small and a large file. The raw baseline writes the way the local storage does
 * (a temporary name, then a rename) with as many writers as the upload run has connections. Prints
 * files/s, MB/s and the ratio of each upload run to its baseline. A measurement, never a test.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startLintel } from './lintel.js';
import { measure } from './load.js';

const progress = (line: string) => console.error(`[bench] ${line}`);
const flag = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
};
const duration = flag('duration', 5);
const CONNECTIONS = 8;
const SIZES = [64 * 1024, 1024 * 1024];

/**
 * A PDF of `size` bytes in ASCII (the content check reads its `%PDF-` opening): ASCII keeps the
 * multipart body a string the load generator sends byte for byte.
 */
function pdfOf(size: number): string {
  const head = '%PDF-1.4\n';
  const filler = randomBytes(size)
    .toString('base64')
    .slice(0, size - head.length);
  return head + filler;
}

function multipart(content: string, boundary: string): string {
  return (
    `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nbench\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\n` +
    `Content-Type: application/pdf\r\n\r\n${content}\r\n--${boundary}--\r\n`
  );
}

/** Writers saving the bytes under new names for `seconds`, as LocalDiskStorage.save does. */
async function rawWrites(dir: string, data: Buffer, seconds: number, writers: number) {
  const until = performance.now() + seconds * 1000;
  let count = 0;
  let n = 0;
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < until) {
        const name = path.join(dir, `${n++}.pdf`);
        const started = performance.now();
        await fs.writeFile(`${name}.tmp`, data);
        await fs.rename(`${name}.tmp`, name);
        latencies.push(performance.now() - started);
        count++;
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { perSecond: count / seconds, p50Ms: at(0.5), p99Ms: at(0.99) };
}

const server = await startLintel({ db: 'pglite' });
const raw = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-raw-'));
const rows: string[][] = [];
let failed = false;
try {
  for (const size of SIZES) {
    const content = pdfOf(size);
    const label = size >= 1024 * 1024 ? `${size / 1024 / 1024} MB` : `${size / 1024} KB`;
    const mb = size / 1024 / 1024;

    progress(`raw disk write ${label}: ${CONNECTIONS} writers, ${duration} s`);
    await rawWrites(raw, Buffer.from(content), 1, CONNECTIONS);
    const disk = await rawWrites(raw, Buffer.from(content), duration, CONNECTIONS);

    progress(`uploadFile ${label}: ${CONNECTIONS} connections, ${duration} s`);
    const boundary = `----bench${randomBytes(6).toString('hex')}`;
    const spec = {
      url: `${server.url}/api/sysFile/uploadFile`,
      method: 'POST' as const,
      headers: {
        authorization: `Bearer ${server.adminToken}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: multipart(content, boundary),
      connections: CONNECTIONS,
    };
    await measure({ ...spec, durationSeconds: 1 });
    const upload = await measure({ ...spec, durationSeconds: duration });
    if (upload.non2xx + upload.errors > 0) {
      failed = true;
      progress(`uploadFile ${label} FAILED: ${JSON.stringify(upload.statuses)}, ${upload.errors} errors`);
    }
    const fmt = (n: number, digits = 1) => n.toFixed(digits);
    rows.push(
      [
        'raw disk write',
        label,
        fmt(disk.perSecond),
        fmt(disk.perSecond * mb),
        fmt(disk.p50Ms),
        fmt(disk.p99Ms),
        '1.000',
      ],
      [
        'uploadFile',
        label,
        fmt(upload.rps),
        fmt(upload.rps * mb),
        String(upload.p50Ms),
        String(upload.p99Ms),
        fmt(upload.rps / disk.perSecond, 3),
      ],
    );
    await fs.rm(raw, { recursive: true, force: true });
    await fs.mkdir(raw, { recursive: true });
  }
} finally {
  await server.close();
  await fs.rm(raw, { recursive: true, force: true });
}

const header = ['scenario', 'size', 'files/s', 'MB/s', 'p50 ms', 'p99 ms', 'ratio'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
const line = (cells: string[]) =>
  cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
console.log([line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n'));
console.log('ratio: uploads per second over raw disk writes per second of the same bytes, same run');
process.exitCode = failed ? 1 : 0;
