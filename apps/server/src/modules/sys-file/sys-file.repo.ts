import type { Trx } from '../../platform/db/database.js';

export interface FileRecord {
  id: string;
  tenantId: string;
  provider: string;
  kind: string;
  fileName: string;
  suffix: string;
  contentType: string;
  sizeBytes: number;
  storagePath: string;
  url: string;
  createUserId: string;
  createUserName: string;
}

/** The SQL of stored files and of the columns that point at them. */
export class SysFileRepo {
  async insert(trx: Trx, file: FileRecord): Promise<void> {
    await trx.insertInto('sysFile').values(file).execute();
  }

  async setUserImage(
    trx: Trx,
    userId: string,
    column: 'avatar' | 'signature',
    url: string,
  ): Promise<boolean> {
    const result = await trx
      .updateTable('sysUser')
      .set({ [column]: url, updateTime: new Date(), updateUserId: userId })
      .where('id', '=', userId)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }
}
