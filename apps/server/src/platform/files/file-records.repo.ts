import type { Trx } from '../db/database.js';

/** What serving a stored file needs of its record (sys_file), found by its storage key. */
export class FileRecordsRepo {
  async byStoragePath(trx: Trx, storagePath: string) {
    return trx
      .selectFrom('sysFile')
      .select(['id', 'fileName', 'fileAlias', 'isPublic', 'suffix'])
      .where('storagePath', '=', storagePath)
      .executeTakeFirst();
  }
}
