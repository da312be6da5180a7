import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
// s3rver ships no type declarations; the three calls used here are typed below.
// @ts-expect-error -- untyped CommonJS package
import S3rver from 's3rver';

/** What the tests need of s3rver: start on a port, stop. */
interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export interface S3TestServer {
  /** STORAGE_PROVIDER=s3 settings pointing at the server, for createTestApp(). */
  settings: Record<string, string>;
  endpoint: string;
  bucket: string;
  close(): Promise<void>;
}

/**
 * A local S3-compatible server for the storage tests (s3rver, a development dependency): started on
 * an ephemeral port over a temporary directory, with the bucket created, and stopped and removed by
 * close(). It knows one key pair (S3RVER / S3RVER) and refuses other access keys.
 */
export async function startS3TestServer(bucket = 'lintel-test'): Promise<S3TestServer> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-s3-'));
  const server = new (S3rver as new (options: object) => S3rverInstance)({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: {
      STORAGE_PROVIDER: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
