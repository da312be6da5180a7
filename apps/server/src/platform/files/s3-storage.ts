import type { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3StorageConfig } from '../../config.js';
import type { ByteRange, FileStorage } from './file-storage.js';

/** S3 answers a missing key with NoSuchKey (GET) or a bare 404 (HEAD, which has no body). */
const missing = (error: unknown) =>
  error instanceof NoSuchKey ||
  error instanceof NotFound ||
  (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404);

/** Keys are the storage's own (validated by the callers); this only refuses what no caller builds. */
function checked(key: string): string {
  if (
    !key ||
    key.startsWith('/') ||
    key.split('/').some((part) => part === '' || part === '.' || part === '..')
  )
    throw new Error(`Invalid storage key: ${key}`);
  return key;
}

/**
 * Files as objects of one bucket of an S3-compatible store, under the same keys as on the local
 * disk. Spoken to with the AWS SDK's own client, so AWS S3, MinIO (path-style), Aliyun OSS and
 * Tencent COS (their S3-compatible endpoints) all work by configuration.
 *
 * Checksums only when the operation requires them: the SDK's newer default (CRC32 on every upload,
 * checked on every download) is not understood by many S3-compatible servers (OSS, COS, older
 * MinIO), which then refuse the upload or send nothing the client can check.
 */
export class S3Storage implements FileStorage {
  readonly provider = 's3';
  readonly bucket: string;
  private readonly client: S3Client;

  constructor(config: S3StorageConfig) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      region: config.region,
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async save(key: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checked(key),
        Body: data,
        ContentLength: data.length,
      }),
    );
  }

  async read(key: string): Promise<Buffer | undefined> {
    const stream = await this.stream(key);
    if (!stream) return undefined;
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
      return head.ContentLength;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: checked(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is an http.IncomingMessage (a Readable) with the SDK's helpers mixed in.
      return object.Body as Readable | undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    // Deleting a key that is not there succeeds on S3, as force does on the disk.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checked(key) }));
  }

  /** Closes the client's connections (tests, shutdown). */
  close(): void {
    this.client.destroy();
  }
}
