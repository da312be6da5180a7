import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { BackupError } from './backup-manifest.js';

/**
 * The embedded database's consistent copy: PGlite's own tarball of its data folder (dumpDataDir),
 * taken with the folder opened by this process alone. PGlite is single-process and takes no lock
 * another process would respect, so a server running on the folder must be stopped first.
 */

/**
 * PGlite writes postmaster.pid when it opens a data folder and removes it when it closes: present,
 * the folder is open in a running server (or one that was killed and never closed it).
 */
export async function refuseIfInUse(dataDir: string, what: string): Promise<void> {
  const lock = path.join(dataDir, 'postmaster.pid');
  const inUse = await fs
    .stat(lock)
    .then(() => true)
    .catch(() => false);
  if (inUse)
    throw new BackupError(
      `${what} at ${dataDir} is in use (${lock} exists): stop the Lintel server first (Ctrl-C). ` +
        'If no server is running (it was killed), start it once and stop it with Ctrl-C to close the database cleanly.',
    );
}

/** Whether a folder holds a PGlite (PostgreSQL) data folder. */
export function isDataFolder(dataDir: string): Promise<boolean> {
  return fs
    .stat(path.join(dataDir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
}

/** The data folder as an uncompressed tarball (the archive compresses it). */
export async function dumpPglite(dataDir: string): Promise<Buffer> {
  const db = await PGlite.create({ dataDir });
  try {
    const dump = await db.dumpDataDir('none');
    return Buffer.from(await dump.arrayBuffer());
  } finally {
    await db.close();
  }
}

/** Creates the data folder `dataDir` (which must not exist yet) from a dumpDataDir tarball. */
export async function loadPglite(tarball: string, dataDir: string): Promise<void> {
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  const db = await PGlite.create({ dataDir, loadDataDir: new Blob([await fs.readFile(tarball)]) });
  await db.close();
}
