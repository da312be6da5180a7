import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';
import { APP_VERSION } from '../../version.js';
import { extractArchive } from './backup-archive.js';
import { BackupError, FILES_PREFIX, verifyManifest, type BackupManifest } from './backup-manifest.js';
import { dataFolders, entriesOf } from './data-folders.js';
import { planPgliteRestore } from './restore-pglite.js';
import { planPostgresRestore } from './restore-postgres.js';

type Say = (line: string) => void;
/** Puts a folder built in the staging area in place of `target` (the old one is set aside, then removed). */
type Swap = (built: string, target: string) => Promise<void>;

/** What an engine found at its target, and how it restores there once every check has passed. */
export interface RestorePlan {
  /** What the target already holds (a restore over it needs --force). */
  occupied: string[];
  apply(say: Say, swap: Swap): Promise<void>;
}

export interface RestoreOptions {
  /** Replace what the target holds. */
  force?: boolean;
}

const ENGINE_NAME = { pglite: 'the embedded PGlite database', postgres: 'PostgreSQL' };

/**
 * npm run restore -- <file>: checks the archive whole (manifest, every member's checksum) and the
 * target (engine, no server running on it, empty unless --force) before it changes anything, then
 * restores the databases and the uploaded files (DATA_DIR/upload). The archive is unpacked into a
 * staging folder inside DATA_DIR, so the folders are put in place by renames on one file system.
 */
export async function restore(
  config: Config,
  file: string,
  options: RestoreOptions,
  say: Say,
): Promise<BackupManifest> {
  if (!(await fs.stat(file).catch(() => undefined))) throw new BackupError(`${file} does not exist`);
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(config.dataDir, '.restore-'));
  try {
    const { manifest: text, sums } = await extractArchive(file, staging);
    const manifest = verifyManifest(text, sums);
    say(
      `Restoring ${file}: ${ENGINE_NAME[manifest.engine]}, written ${manifest.createdAt} by Lintel ` +
        `${manifest.lintelVersion} (this is ${APP_VERSION}); checksums verified`,
    );
    if (manifest.engine !== engine)
      throw new BackupError(
        `This backup is of ${ENGINE_NAME[manifest.engine]} and the configured database is ` +
          `${ENGINE_NAME[engine]}: restore it with ${manifest.engine === 'postgres' ? 'DATABASE_URL set to a PostgreSQL database' : 'DATABASE_URL unset (the embedded database under DATA_DIR)'}`,
      );
    const plan =
      engine === 'postgres'
        ? await planPostgresRestore(config.databaseUrl!, manifest, staging)
        : await planPgliteRestore(config, manifest, staging);
    const upload = dataFolders(config).upload;
    const localFiles = manifest.files.storage === 'local';
    const occupied = [...plan.occupied];
    const held = localFiles ? (await entriesOf(upload)).length : 0;
    if (held) occupied.push(`${upload} (uploaded files)`);
    if (occupied.length && !options.force)
      throw new BackupError(
        `The target is not empty: ${occupied.join('; ')}. A restore replaces all of it: run again with --force`,
      );

    const aside = path.join(staging, 'replaced');
    await fs.mkdir(aside);
    const swap: Swap = async (built, target) => {
      await fs.rename(target, path.join(aside, path.basename(target))).catch((error: { code?: string }) => {
        if (error.code !== 'ENOENT') throw error;
      });
      if (await fs.stat(built).catch(() => undefined)) await fs.rename(built, target);
    };
    await plan.apply(say, swap);
    if (localFiles) {
      await swap(path.join(staging, FILES_PREFIX), upload);
      say(`  uploaded files: ${manifest.files.count} restored into ${upload}`);
    } else {
      say(
        '  uploaded files: the backup was made with S3 storage; its files are in the bucket, not in the backup',
      );
    }
    for (const line of manifest.notIncluded) say(`  not in this backup: ${line}`);
    if (config.storage.provider === 's3' && localFiles)
      say(`  note: STORAGE_PROVIDER is s3 now; the restored files are on the local disk (${upload})`);
    say('Done. Start Lintel (it migrates the database if this version is newer than the backup).');
    return manifest;
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
