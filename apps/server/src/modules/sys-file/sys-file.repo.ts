import type { Insertable, Selectable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysFileTable } from '../../platform/db/schema.js';
import { containsPattern } from '../../platform/db/sql-helpers.js';
import { paginate, resolveSort } from '../../platform/http/paging.js';
import type { FileFilter } from './sys-file.schema.js';

export type FileRecord = Insertable<SysFileTable>;
export type StoredFile = Selectable<SysFileTable>;

/** Sortable columns of the page, by the names the client sends. */
const SORT = {
  fileName: 'fileName',
  suffix: 'suffix',
  sizeKb: 'sizeBytes',
  fileType: 'fileType',
  createTime: 'createTime',
};

/** The SQL of stored files and of the columns that point at them. Every call runs in a tenant's transaction (RLS). */
export class SysFileRepo {
  async insert(trx: Trx, file: FileRecord): Promise<void> {
    await trx.insertInto('sysFile').values(file).execute();
  }

  find(trx: Trx, id: string): Promise<StoredFile | undefined> {
    return trx.selectFrom('sysFile').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findMany(trx: Trx, ids: readonly string[]): Promise<StoredFile[]> {
    return trx.selectFrom('sysFile').selectAll().where('id', 'in', ids).orderBy('id').execute();
  }

  findByUrl(trx: Trx, url: string): Promise<StoredFile | undefined> {
    return trx.selectFrom('sysFile').selectAll().where('url', '=', url).executeTakeFirst();
  }

  page(trx: Trx, filter: FileFilter) {
    let query = trx.selectFrom('sysFile').selectAll();
    if (filter.fileName) {
      const pattern = containsPattern(filter.fileName);
      query = query.where((eb) =>
        eb.or([eb('fileName', 'ilike', pattern), eb('fileAlias', 'ilike', pattern)]),
      );
    }
    if (filter.suffix) query = query.where('suffix', '=', filter.suffix.replace(/^\./, '').toLowerCase());
    if (filter.fileType) query = query.where('fileType', '=', filter.fileType);
    if (filter.kind) query = query.where('kind', '=', filter.kind);
    if (filter.filePath !== undefined && filter.filePath !== '') {
      const below = `${filter.filePath.replace(/[\\%_]/g, '\\$&')}/%`;
      query = query.where((eb) => eb.or([eb('folder', '=', filter.filePath!), eb('folder', 'like', below)]));
    }
    if (filter.startTime) query = query.where('createTime', '>=', new Date(filter.startTime));
    if (filter.endTime) query = query.where('createTime', '<=', new Date(filter.endTime));
    const sort = resolveSort(filter, SORT, { column: 'createTime', direction: 'desc' });
    return paginate(query, filter, sort);
  }

  /** Every folder that holds files, with how many files each holds directly. */
  folders(trx: Trx): Promise<{ folder: string; fileCount: number }[]> {
    return trx
      .selectFrom('sysFile')
      .select(['folder', sql<number>`count(*)::int`.as('fileCount')])
      .groupBy('folder')
      .orderBy('folder')
      .execute();
  }

  async update(trx: Trx, id: string, patch: Updateable<SysFileTable>): Promise<boolean> {
    const result = await trx.updateTable('sysFile').set(patch).where('id', '=', id).executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async delete(trx: Trx, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('sysFile').where('id', '=', id).executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  /** Whether an account of the tenant shows the address as its avatar or signature. */
  async usedByAccount(trx: Trx, url: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sysUser')
      .select('id')
      .where((eb) => eb.or([eb('avatar', '=', url), eb('signature', '=', url)]))
      .limit(1)
      .executeTakeFirst();
    return !!row;
  }

  /** Whether the tenant shows the address as its logo (sys_tenant: call with a platform transaction). */
  async usedAsLogo(trx: Trx, tenantId: string, url: string): Promise<boolean> {
    const row = await trx
      .selectFrom('sysTenant')
      .select('id')
      .where('id', '=', tenantId)
      .where('logo', '=', url)
      .executeTakeFirst();
    return !!row;
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
