import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../config.js';
import { APP_VERSION } from '../../version.js';
import { postgresDatabaseExists, tenantTypes } from '../db/tenant-databases.repo.js';
import {
  OWN_DB_TENANT_TYPE,
  tenantDatabaseName,
  tenantDatabaseUrl,
  tenantDataDir,
} from '../db/tenant-databases.js';
import { ArchiveWriter } from './backup-archive.js';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  FILES_PREFIX,
  mainDumpName,
  tenantDumpName,
  type BackupEngine,
  type BackupManifest,
} from './backup-manifest.js';
import { dataFolders, entriesOf, filesBelow, megabytes } from './data-folders.js';
import { dumpPglite, isDataFolder, refuseIfInUse } from './pglite-dump.js';
import { pgDump } from './postgres-dump.js';
import { loginConnection } from './postgres-connection.js';
import { loginReadsEverything } from './postgres-target.repo.js';

/** `lintel-20261125T101500Z.tar.gz`: sortable, and a name every file system takes. */
export function defaultBackupName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/[-:]/g, '');
  return `lintel-${stamp}.tar.gz`;
}

export interface BackupResult {
  file: string;
  manifest: BackupManifest;
}

type Say = (line: string) => void;
type Manifest = Pick<BackupManifest, 'databases' | 'notIncluded'>;

/**
 * npm run backup: the configured database (pg_dump of DATABASE_URL, or the embedded PGlite folder)
 * with the databases of database-type tenants, and the uploaded files of the local store, in one
 * archive `out` (see backup-archive.ts). The database comes first: a file uploaded while the files
 * are copied is an extra file without a row, which harms nothing.
 */
export async function backup(config: Config, out: string, say: Say): Promise<BackupResult> {
  const engine: BackupEngine = config.databaseUrl ? 'postgres' : 'pglite';
  if (await fs.stat(out).catch(() => undefined))
    throw new BackupError(`${out} already exists: choose another --out`);
  const started = Date.now();
  // What would refuse (no database, a server on the embedded one) refuses before anything is written.
  const addDatabases =
    engine === 'pglite'
      ? await pgliteDatabases(config, say)
      : await postgresDatabases(config.databaseUrl!, say);
  await fs.mkdir(path.dirname(out), { recursive: true, mode: 0o700 });
  const archive = new ArchiveWriter(out);
  const manifest: Manifest = { databases: [], notIncluded: [] };
  try {
    await addDatabases(archive, manifest);
    const files = await addFiles(config, archive, manifest, say);
    manifest.notIncluded.push('Redis (REDIS_URL): caches, rate-limit counters and revocations, which expire');
    const full: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      engine,
      lintelVersion: APP_VERSION,
      createdAt: new Date().toISOString(),
      ...manifest,
      files,
      members: {},
    };
    await archive.finish((members) => ({ ...full, members }));
    full.members = Object.fromEntries(archive.sums);
    const { size } = await fs.stat(out);
    say(`Written ${out} (${megabytes(size)}, ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    for (const line of manifest.notIncluded) say(`  not included: ${line}`);
    return { file: out, manifest: full };
  } catch (error) {
    await archive.abort();
    throw error;
  }
}

type AddDatabases = (archive: ArchiveWriter, manifest: Manifest) => Promise<void>;

async function pgliteDatabases(config: Config, say: Say): Promise<AddDatabases> {
  const folders = dataFolders(config);
  if (!(await isDataFolder(folders.db)))
    throw new BackupError(`There is no embedded database at ${folders.db} (DATA_DIR): nothing to back up`);
  const tenants: string[] = [];
  for (const id of await entriesOf(folders.tenants))
    if (await isDataFolder(tenantDataDir(folders.db, id))) tenants.push(id);
  // Every folder is checked before any is opened: a running server must not see one of them opened.
  await refuseIfInUse(folders.db, 'The embedded database');
  for (const id of tenants)
    await refuseIfInUse(tenantDataDir(folders.db, id), `The database of tenant ${id}`);
  say(`Backing up the embedded database (${folders.db}), Lintel ${APP_VERSION}`);
  return async (archive, manifest) => {
    const add = async (tenantId: string | null, dataDir: string, member: string) => {
      const dump = await dumpPglite(dataDir);
      await archive.addBuffer(member, dump);
      manifest.databases.push({ tenantId, member });
      say(
        `  ${tenantId ? `database of tenant ${tenantId}` : 'database'}: ${megabytes(dump.length)} (data folder)`,
      );
    };
    await add(null, folders.db, mainDumpName('pglite'));
    for (const id of tenants) await add(id, tenantDataDir(folders.db, id), tenantDumpName('pglite', id));
  };
}

async function postgresDatabases(url: string, say: Say): Promise<AddDatabases> {
  const db = loginConnection(url);
  let tenants: Awaited<ReturnType<typeof tenantTypes>>;
  try {
    const { login, everything } = await loginReadsEverything(db);
    // The server's production login is subject to row-level security (FORCE'd on the tables it
    // owns, with policies for the app roles only): pg_dump would stop at the first such table.
    if (!everything)
      throw new BackupError(
        `The login ${login} of DATABASE_URL is subject to row-level security (as the server's own login ` +
          'should be in production), so pg_dump cannot read every row: run the backup with DATABASE_URL ' +
          "naming an administrator login of the same database (a superuser); restore as the server's own login",
      );
    tenants = (await tenantTypes(db)).filter((t) => t.tenantType === OWN_DB_TENANT_TYPE);
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`Cannot read the tenants of DATABASE_URL: ${(error as Error).message}`);
  } finally {
    await db.destroy();
  }
  say(`Backing up the PostgreSQL database (DATABASE_URL), Lintel ${APP_VERSION}`);
  return (archive, manifest) => addPostgres(url, tenants, archive, manifest, say);
}

async function addPostgres(
  url: string,
  tenants: { id: string; connection: string | null }[],
  archive: ArchiveWriter,
  manifest: Manifest,
  say: Say,
) {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-backup-'));
  try {
    const add = async (tenantId: string | null, from: string, member: string) => {
      const file = path.join(work, path.basename(member));
      await pgDump(from, file);
      await archive.addFile(member, file);
      await fs.rm(file);
      manifest.databases.push({ tenantId, member });
      say(
        `  ${tenantId ? `database of tenant ${tenantId}` : 'database'}: ${megabytes(archive.sums.get(member)!.size)} (pg_dump)`,
      );
    };
    await add(null, url, mainDumpName('postgres'));
    for (const tenant of tenants) {
      const ownServer = tenant.connection?.trim();
      if (ownServer) {
        // A tenant's own connection is another server, maybe another operator's: its own backups.
        manifest.notIncluded.push(
          `tenant ${tenant.id}: its own PostgreSQL database (its connection setting)`,
        );
      } else if (await postgresDatabaseExists(url, tenantDatabaseName(tenant.id))) {
        await add(tenant.id, tenantDatabaseUrl(url, tenant.id), tenantDumpName('postgres', tenant.id));
      }
    }
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}

async function addFiles(config: Config, archive: ArchiveWriter, manifest: Manifest, say: Say) {
  if (config.storage.provider === 's3') {
    manifest.notIncluded.push(
      `uploaded files: they are in the S3 bucket ${config.storage.bucket} (back it up with the store's own tools)`,
    );
    say('  uploaded files: in S3 (STORAGE_PROVIDER=s3), not included');
    return { storage: 's3' as const, count: 0, bytes: 0 };
  }
  const root = dataFolders(config).upload;
  let bytes = 0;
  const files = await filesBelow(root);
  let count = 0;
  for (const file of files) {
    const member = `${FILES_PREFIX}${file.key}`;
    try {
      await archive.addFile(member, file.full);
    } catch (error) {
      // Deleted by a running server (PostgreSQL) since the folder was listed: its row went first.
      if ((error as { code?: string }).code === 'ENOENT') continue;
      throw error;
    }
    count += 1;
    bytes += archive.sums.get(member)!.size;
  }
  say(`  uploaded files: ${count} (${megabytes(bytes)}) from ${root}`);
  return { storage: 'local' as const, count, bytes };
}
