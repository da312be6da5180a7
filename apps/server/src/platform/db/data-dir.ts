import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Checks of the embedded database's folder (DATA_DIR/db) before PGlite opens it. PGlite runs
 * initdb into a folder without PG_VERSION, even one holding other files, and reports every other
 * problem as "failed to initialize properly": the causes a user can fix are named here first, and
 * nothing is written into a folder that is not an embedded database.
 */
export class DataDirError extends Error {
  override name = 'DataDirError';
}

const CAUSES: Record<string, string> = {
  EROFS: 'a read-only file system',
  EACCES: 'no permission',
  EPERM: 'not permitted',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  ENOTDIR: 'a file stands where a folder should be',
};

function cause(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code ?? '';
  return CAUSES[code] ? `${CAUSES[code]}, ${code}` : code || String(error);
}

/**
 * A folder that exists (created when `create`) and takes a file. A write, not access(W_OK): root
 * passes that on any folder, but not a write on a read-only mount, an immutable folder or a full disk.
 */
async function writableFolder(dir: string, create: boolean): Promise<boolean> {
  const stat = await fs.stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw new DataDirError(`${dir} cannot be read (${cause(error)})`);
  });
  if (!stat) {
    if (!create) return false;
    await fs.mkdir(dir, { recursive: true }).catch((error: unknown) => {
      throw new DataDirError(`${dir} cannot be created (${cause(error)})`);
    });
  } else if (!stat.isDirectory()) {
    throw new DataDirError(`${dir} is not a directory`);
  }
  const probe = path.join(dir, `.lintel-write-check-${process.pid}`);
  try {
    await fs.writeFile(probe, 'ok');
  } catch (error) {
    throw new DataDirError(`${dir} is not writable (${cause(error)})`);
  } finally {
    await fs.rm(probe, { force: true }).catch(() => undefined);
  }
  return true;
}

/** Throws a DataDirError naming the folder and the cause when `dbDir` cannot hold the database. */
export async function checkDataDir(dbDir: string): Promise<void> {
  await writableFolder(path.dirname(dbDir), true);
  if (!(await writableFolder(dbDir, false))) return; // a first start: PGlite creates it
  const entries = await fs.readdir(dbDir);
  if (entries.length === 0) return;
  const version = await fs.readFile(path.join(dbDir, 'PG_VERSION'), 'utf8').catch(() => undefined);
  if (version === undefined)
    throw new DataDirError(
      `${dbDir} is not empty and holds no database (no PG_VERSION); it was left as it is`,
    );
  if (!/^\d+\n?$/.test(version))
    throw new DataDirError(`${dbDir}/PG_VERSION is damaged (${JSON.stringify(version.slice(0, 20))})`);
}
