/**
 * What a backup archive says about itself (manifest.json, its last member): the engine it came from,
 * the Lintel version that wrote it, the databases and files it holds, and the size and SHA-256 of
 * every other member, which restore checks before it touches anything.
 */
export const BACKUP_FORMAT = 'lintel-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_NAME = 'manifest.json';

/** Archive members: database dumps under database/, uploaded files under files/ (their storage key). */
export const FILES_PREFIX = 'files/';
export const mainDumpName = (engine: BackupEngine) => `database/main.${dumpSuffix(engine)}`;
export const tenantDumpName = (engine: BackupEngine, tenantId: string) =>
  `database/tenants/${tenantId}.${dumpSuffix(engine)}`;
/** A PGlite data-folder tarball (PGlite's dumpDataDir), or a pg_dump custom-format archive. */
const dumpSuffix = (engine: BackupEngine) => (engine === 'pglite' ? 'tar' : 'pgdump');

export type BackupEngine = 'pglite' | 'postgres';

export interface MemberSum {
  size: number;
  sha256: string;
}

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: number;
  engine: BackupEngine;
  lintelVersion: string;
  createdAt: string;
  /** The main database, then each database-type tenant's own database. */
  databases: { tenantId: string | null; member: string }[];
  /** Uploaded files on the local disk (DATA_DIR/upload); 0 with STORAGE_PROVIDER=s3. */
  files: { storage: 'local' | 's3'; count: number; bytes: number };
  /** What the backup leaves out, one line each (S3 objects, tenants' own PostgreSQL servers). */
  notIncluded: string[];
  members: Record<string, MemberSum>;
}

/** A refusal or failure the backup tools explain in one message (printed without a stack). */
export class BackupError extends Error {
  override name = 'BackupError';
}

/** Checks a manifest read from an archive and the members found beside it (name -> checksum). */
export function verifyManifest(text: string, found: Map<string, MemberSum>): BackupManifest {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(text) as BackupManifest;
  } catch {
    throw new BackupError('The backup is damaged: its manifest.json is not valid JSON');
  }
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError('This file is not a Lintel backup');
  if (manifest.formatVersion !== BACKUP_FORMAT_VERSION)
    throw new BackupError(
      `The backup has format version ${manifest.formatVersion}; this Lintel reads version ${BACKUP_FORMAT_VERSION}`,
    );
  if (manifest.engine !== 'pglite' && manifest.engine !== 'postgres')
    throw new BackupError(`The backup names an unknown database engine: ${String(manifest.engine)}`);
  const listed = Object.keys(manifest.members ?? {});
  const extra = [...found.keys()].filter((name) => !listed.includes(name));
  if (extra.length) throw new BackupError(`The backup holds members its manifest does not list: ${extra[0]}`);
  for (const name of listed) {
    const want = manifest.members[name]!;
    const got = found.get(name);
    if (!got) throw new BackupError(`The backup is incomplete: ${name} is missing`);
    if (got.size !== want.size || got.sha256 !== want.sha256)
      throw new BackupError(`The backup is damaged: the checksum of ${name} does not match its manifest`);
  }
  for (const db of manifest.databases ?? [])
    if (!found.has(db.member)) throw new BackupError(`The backup is incomplete: ${db.member} is missing`);
  return manifest;
}
