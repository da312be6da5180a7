import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import type { Config, S3StorageConfig } from '../../config.js';
import type { S3Storage } from './s3-storage.js';

/** A byte range of a stored file, both ends inclusive (as HTTP Range counts them). */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live. Keys are relative paths `<tenantId>/<kind>/<name>` that the callers
 * build from validated parts only; the adapter still refuses any key that would leave its root.
 * The local disk is the embedded default; the S3-compatible adapter (s3-storage.ts) implements the
 * same calls, so nothing above this interface knows where the bytes are.
 */
export interface FileStorage {
  /** `local` or `s3`: recorded on each file (sys_file.provider). */
  readonly provider: string;
  /** The bucket files go to (S3), recorded as sys_file.bucket_name; none on the local disk. */
  readonly bucket: string | undefined;
  save(key: string, data: Buffer): Promise<void>;
  /** The bytes of a stored file, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  /** The size of a stored file in bytes, or undefined when there is none. */
  size(key: string): Promise<number | undefined>;
  /**
   * A stream of a stored file, or of a range of it (previews seek in videos), or undefined when
   * there is none. The range must lie within the file (the caller checked it against size()).
   */
  stream(key: string, range?: ByteRange): Promise<Readable | undefined>;
  remove(key: string): Promise<void>;
}

const missing = (error: unknown) => {
  const code = (error as { code?: string }).code;
  return code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR';
};

/** Files under `<root>/<key>`, written to a temporary name first so readers never see half a file. */
export class LocalDiskStorage implements FileStorage {
  readonly provider = 'local';
  readonly bucket = undefined;

  constructor(private readonly root: string) {}

  private resolve(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep))
      throw new Error(`Storage key outside root: ${key}`);
    return full;
  }

  async save(key: string, data: Buffer): Promise<void> {
    const full = this.resolve(key);
    await fs.mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${process.pid}.tmp`;
    await fs.writeFile(temp, data);
    await fs.rename(temp, full);
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await fs.readFile(this.resolve(key));
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async size(key: string): Promise<number | undefined> {
    try {
      const stat = await fs.stat(this.resolve(key));
      return stat.isFile() ? stat.size : undefined;
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | undefined> {
    // Opened before the stream is handed out, so a missing file is an answer, not a stream error.
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.resolve(key), 'r');
    } catch (error) {
      if (missing(error)) return undefined;
      throw error;
    }
    // autoClose (the default) closes the handle when the stream ends or is destroyed.
    return handle.createReadStream(range ?? {});
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}

/**
 * The S3 adapter, with the AWS SDK loaded at the first call: the SDK takes a noticeable share of the
 * server's start, and a process on the local disk never needs it.
 */
class LazyS3Storage implements FileStorage {
  readonly provider = 's3';
  readonly bucket: string;
  private adapter?: Promise<S3Storage>;

  constructor(private readonly config: S3StorageConfig) {
    this.bucket = config.bucket;
  }

  private s3(): Promise<S3Storage> {
    this.adapter ??= import('./s3-storage.js').then(({ S3Storage }) => new S3Storage(this.config));
    return this.adapter;
  }

  save(key: string, data: Buffer) {
    return this.s3().then((s3) => s3.save(key, data));
  }
  read(key: string) {
    return this.s3().then((s3) => s3.read(key));
  }
  size(key: string) {
    return this.s3().then((s3) => s3.size(key));
  }
  stream(key: string, range?: ByteRange) {
    return this.s3().then((s3) => s3.stream(key, range));
  }
  remove(key: string) {
    return this.s3().then((s3) => s3.remove(key));
  }
  /** Closes the client's connections, if it was ever made (tests, shutdown). */
  close(): void {
    void this.adapter?.then((s3) => s3.close());
  }
}

/** One storage per configuration: the S3 client keeps its connections, so it is made once. */
const made = new WeakMap<Config, FileStorage>();

/** The storage of a configuration: DATA_DIR/upload on the local disk, or the configured S3 bucket. */
export function fileStorageFor(config: Config): FileStorage {
  let storage = made.get(config);
  if (!storage) {
    storage =
      config.storage.provider === 's3'
        ? new LazyS3Storage(config.storage)
        : new LocalDiskStorage(path.join(config.dataDir, 'upload'));
    made.set(config, storage);
  }
  return storage;
}
