import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../../config.js';

/**
 * The folders of DATA_DIR that a backup reads and a restore writes: the embedded database (db/),
 * the embedded databases of database-type tenants (tenants/<id>/, beside db/ as TenantDatabases
 * places them) and the uploaded files of the local store (upload/, as fileStorageFor places them).
 */
export function dataFolders(config: Config) {
  return {
    db: path.join(config.dataDir, 'db'),
    tenants: path.join(config.dataDir, 'tenants'),
    upload: path.join(config.dataDir, 'upload'),
  };
}

/** The entries of a folder; none when it does not exist. */
export async function entriesOf(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * Every file below `root` as a relative path with forward slashes (the storage key), sorted.
 * LocalDiskStorage writes `<name>.<pid>.tmp` first and renames it: a file half written is left out.
 */
export async function filesBelow(root: string): Promise<{ key: string; full: string }[]> {
  const found: { key: string; full: string }[] = [];
  const walk = async (dir: string, prefix: string) => {
    let entries: Dirent[];
    try {
      entries = await fs.readdir(dir, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      const key = prefix ? `${prefix}/${entry.name}` : entry.name;
      if (entry.isDirectory()) await walk(full, key);
      else if (entry.isFile() && !/\.\d+\.tmp$/.test(entry.name)) found.push({ key, full });
    }
  };
  await walk(root, '');
  return found.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}

/** Sizes in the tools' output: backups are counted in megabytes. */
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
