import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-test-server.js';
import { fileStorageFor } from './file-storage.js';
import type { S3Storage } from './s3-storage.js';

let server: S3TestServer;
let storage: S3Storage;

beforeAll(async () => {
  server = await startS3TestServer();
  storage = fileStorageFor(loadConfig({ NODE_ENV: 'test', ...server.settings })) as S3Storage;
});
afterAll(async () => {
  storage?.close();
  await server?.close();
});

const text = async (stream: NodeJS.ReadableStream | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream!) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
};

describe('S3Storage against a local S3-compatible server (s3rver)', () => {
  it('is chosen by STORAGE_PROVIDER=s3 and records its bucket', () => {
    expect(storage.provider).toBe('s3');
    expect(storage.bucket).toBe(server.bucket);
  });

  it('saves, sizes, reads, streams ranges of and removes an object', async () => {
    const key = '1300000000101/file/0123456789abcdef0123456789abcdef.txt';
    await storage.save(key, Buffer.from('hello, object storage'));
    expect(await storage.size(key)).toBe(21);
    expect((await storage.read(key))?.toString()).toBe('hello, object storage');
    expect(await text(await storage.stream(key, { start: 7, end: 12 }))).toBe('object');
    await storage.remove(key);
    expect(await storage.size(key)).toBeUndefined();
    expect(await storage.read(key)).toBeUndefined();
    expect(await storage.stream(key)).toBeUndefined();
    // Removing what is gone is no error, as on the local disk.
    await storage.remove(key);
  });

  it('refuses keys no caller builds', async () => {
    await expect(storage.save('../escape.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
    await expect(storage.save('/abs.txt', Buffer.from('x'))).rejects.toThrow(/Invalid storage key/);
  });

  it('fails, and stores nothing, with credentials the server does not know', async () => {
    const wrong = fileStorageFor(
      loadConfig({ NODE_ENV: 'test', ...server.settings, S3_ACCESS_KEY_ID: 'NOBODY' }),
    ) as S3Storage;
    await expect(wrong.save('1/file/x.txt', Buffer.from('x'))).rejects.toThrow(/access key/i);
    expect(await storage.size('1/file/x.txt')).toBeUndefined();
    wrong.close();
  });
});
