import { createHash } from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import tar from 'tar-stream';
import { BackupError, MANIFEST_NAME, type MemberSum } from './backup-manifest.js';

/**
 * A backup archive is a gzipped tar: the members, then manifest.json with the size and SHA-256 of
 * each, computed from the very bytes written (so a file that changes while the backup runs cannot
 * disagree with its checksum). Written to `<file>.partial` and renamed at the end: a backup cut
 * short never carries the final name. Readable by any tar: `tar -xzf lintel-….tar.gz`.
 */
export class ArchiveWriter {
  readonly sums = new Map<string, MemberSum>();
  private readonly pack = tar.pack();
  private readonly written: Promise<void>;
  private readonly partial: string;

  constructor(readonly file: string) {
    this.partial = `${file}.partial`;
    // The archive holds the server's secrets (sys_key): readable by its owner only.
    // Level 3: database folders compress about as well as at the default level 6 (7.2 MB against
    // 6.4 MB for a 63 MB PGlite folder) in a quarter of the time.
    const gzip = createGzip({ level: 3 });
    this.written = pipeline(this.pack, gzip, fs.createWriteStream(this.partial, { mode: 0o600 }));
    // Reported by finish(); without a handler a failed write would surface as an unhandled rejection.
    this.written.catch(() => undefined);
  }

  /** Adds a file from disk as `name`, streamed (uploads and dumps may be large). */
  async addFile(name: string, source: string): Promise<void> {
    const { size } = await fsp.stat(source);
    const hash = createHash('sha256');
    let done!: (error?: Error | null) => void;
    const finished = new Promise<void>((resolve, reject) => {
      done = (error) => (error ? reject(error) : resolve());
    });
    const sink = this.pack.entry({ name, size, mode: 0o600 }, (error) => done(error));
    let copied = 0;
    for await (const chunk of fs.createReadStream(source)) {
      const bytes = (chunk as Buffer).subarray(0, Math.max(0, size - copied));
      copied += bytes.length;
      hash.update(bytes);
      if (bytes.length && !sink.write(bytes)) await once(sink, 'drain');
    }
    // A file that shrank while it was read would leave the tar entry short of its declared size.
    if (copied !== size) throw new BackupError(`${source} changed size while it was backed up; run again`);
    sink.end(undefined); // (streamx's types want an argument; none is written)
    await finished;
    this.sums.set(name, { size, sha256: hash.digest('hex') });
  }

  /** Adds bytes held in memory as `name`. */
  async addBuffer(name: string, data: Buffer): Promise<void> {
    await new Promise<void>((resolve, reject) =>
      this.pack.entry({ name, size: data.length, mode: 0o600 }, data, (error) =>
        error ? reject(error) : resolve(),
      ),
    );
    this.sums.set(name, { size: data.length, sha256: createHash('sha256').update(data).digest('hex') });
  }

  /** Writes the manifest (given the members' checksums) last, and gives the archive its name. */
  async finish(manifest: (sums: Record<string, MemberSum>) => object): Promise<void> {
    const text = JSON.stringify(manifest(Object.fromEntries(this.sums)), null, 2);
    await this.addBuffer(MANIFEST_NAME, Buffer.from(text));
    this.sums.delete(MANIFEST_NAME);
    this.pack.finalize();
    await this.written;
    await fsp.rename(this.partial, this.file);
  }

  /** Gives up: stops writing and removes the partial file. */
  async abort(): Promise<void> {
    this.pack.destroy();
    await this.written.catch(() => undefined);
    await fsp.rm(this.partial, { force: true });
  }
}

/** A member name that stays inside the folder it is extracted to. */
function safeName(name: string): boolean {
  const normal = path.posix.normalize(name);
  return normal === name && !path.posix.isAbsolute(name) && !normal.startsWith('../') && name !== '..';
}

/**
 * Extracts every member of an archive into `into` (created), hashing as it writes; answers the
 * manifest's text and each member's size and checksum. Only plain files with safe names are taken.
 */
export async function extractArchive(
  file: string,
  into: string,
): Promise<{ manifest: string; sums: Map<string, MemberSum> }> {
  const extract = tar.extract();
  const piping = pipeline(fs.createReadStream(file), createGunzip(), extract);
  piping.catch(() => undefined);
  const sums = new Map<string, MemberSum>();
  let manifest: string | undefined;
  try {
    for await (const entry of extract) {
      const { name, type } = entry.header;
      if (type !== 'file' || !safeName(name))
        throw new BackupError(`The backup holds an unexpected member: ${name} (${type})`);
      const hash = createHash('sha256');
      let size = 0;
      if (name === MANIFEST_NAME) {
        const chunks: Buffer[] = [];
        for await (const chunk of entry) chunks.push(chunk as Buffer);
        manifest = Buffer.concat(chunks).toString('utf8');
        continue;
      }
      const target = path.join(into, name);
      await fsp.mkdir(path.dirname(target), { recursive: true });
      const out = await fsp.open(target, 'wx', 0o600);
      try {
        for await (const chunk of entry) {
          hash.update(chunk as Buffer);
          size += (chunk as Buffer).length;
          await out.write(chunk as Buffer);
        }
      } finally {
        await out.close();
      }
      sums.set(name, { size, sha256: hash.digest('hex') });
    }
    await piping;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupError(`Cannot read the backup ${file}: ${reason}`);
  }
  if (manifest === undefined)
    throw new BackupError(`${file} is not a Lintel backup: it has no manifest.json`);
  return { manifest, sums };
}
