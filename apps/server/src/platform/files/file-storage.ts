import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * Where uploaded files live. Keys are relative paths `<tenantId>/<kind>/<name>` that the callers
 * build from validated parts only; the adapter still refuses any key that would leave its root.
 * The local disk is the embedded default; an S3-compatible adapter implements the same three calls.
 */
export interface FileStorage {
  readonly provider: string;
  save(key: string, data: Buffer): Promise<void>;
  /** The bytes of a stored file, or undefined when there is none. */
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

/** Files under `<root>/<key>`, written to a temporary name first so readers never see half a file. */
export class LocalDiskStorage implements FileStorage {
  readonly provider = 'local';

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
      if ((error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'EISDIR')
        return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.rm(this.resolve(key), { force: true });
  }
}

/** The storage of a configuration: DATA_DIR/upload on the local disk. */
export function fileStorageFor(config: Config): FileStorage {
  return new LocalDiskStorage(path.join(config.dataDir, 'upload'));
}
