import path from 'node:path';
import type { Config } from '../../config.js';
import { tenantDataDir } from '../db/tenant-databases.js';
import type { BackupManifest } from './backup-manifest.js';
import { dataFolders, entriesOf } from './data-folders.js';
import { isDataFolder, loadPglite, refuseIfInUse } from './pglite-dump.js';
import type { RestorePlan } from './restore.js';

/**
 * Restore of the embedded database: every data folder of the archive is rebuilt by PGlite from its
 * tarball into the staging folder, then put in place of DATA_DIR/db and DATA_DIR/tenants (see
 * restore.ts for the swap). Refused while a server has any of the folders open.
 */
export async function planPgliteRestore(
  config: Config,
  manifest: BackupManifest,
  staging: string,
): Promise<RestorePlan> {
  const folders = dataFolders(config);
  const tenants = await entriesOf(folders.tenants);
  await refuseIfInUse(folders.db, 'The embedded database');
  for (const id of tenants)
    await refuseIfInUse(tenantDataDir(folders.db, id), `The database of tenant ${id}`);

  const occupied: string[] = [];
  if ((await entriesOf(folders.db)).length)
    occupied.push(`${folders.db} (${(await isDataFolder(folders.db)) ? 'a database' : 'files'})`);
  if (tenants.length) occupied.push(`${folders.tenants} (${tenants.length} tenant database(s))`);

  const built = path.join(staging, 'built');
  return {
    occupied,
    async apply(say, swap) {
      const main = path.join(built, 'db');
      for (const db of manifest.databases) {
        const target = db.tenantId ? tenantDataDir(main, db.tenantId) : main;
        await loadPglite(path.join(staging, db.member), target);
        say(
          `  ${db.tenantId ? `database of tenant ${db.tenantId}` : 'database'}: restored into ${
            db.tenantId ? tenantDataDir(folders.db, db.tenantId) : folders.db
          }`,
        );
      }
      await swap(main, folders.db);
      await swap(path.join(built, 'tenants'), folders.tenants);
    },
  };
}
