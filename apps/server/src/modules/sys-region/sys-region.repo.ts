import type { Insertable, Updateable } from 'kysely';
import { sql } from 'kysely';
import type { RegionPageInput } from '@lintel/contracts';
import type { Trx } from '../../platform/db/database.js';
import { containsPattern, PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { conflict } from '../../platform/http/errors.js';
import { paginate } from '../../platform/http/paging.js';
import type { DatasetRegion } from './region-dataset.js';
import type { SysRegionTable } from './sys-region.table.js';
import './sys-region.table.js';

const duplicateCode = (code: string) => (error: unknown) => {
  throw sqlState(error) === PG_UNIQUE_VIOLATION ? conflict('region.duplicateCode', { code }) : error;
};

/** `abc%` for LIKE, with the pattern characters of the text escaped. */
const startsPattern = (text: string) => `${text.replace(/[\\%_]/g, '\\$&')}%`;

/** Rows per insert of the dataset: 10 columns each, well under 65,535 parameters per statement. */
const SYNC_BATCH = 2000;

const regions = (trx: Trx) =>
  trx
    .selectFrom('sysRegion as r')
    .selectAll('r')
    .select(sql<boolean>`exists (select 1 from sys_region c where c.pid = r.id)`.as('hasChildren'));

export class SysRegionRepo {
  children(trx: Trx, pid: string) {
    return regions(trx).where('r.pid', '=', pid).orderBy('r.orderNo').orderBy('r.code').execute();
  }

  byId(trx: Trx, id: string) {
    return regions(trx).where('r.id', '=', id).executeTakeFirst();
  }

  /** The regions down to `level` (naming fields only), parents first. */
  upToLevel(trx: Trx, level: number) {
    return trx
      .selectFrom('sysRegion')
      .select(['id', 'pid', 'name', 'code', 'level', 'mergerName'])
      .where('level', '<=', level)
      .orderBy('level')
      .orderBy('orderNo')
      .orderBy('code')
      .execute();
  }

  page(trx: Trx, filter: RegionPageInput, sort: { column: string; direction: 'asc' | 'desc' }) {
    let query = regions(trx);
    if (filter.pid) query = query.where('r.pid', '=', filter.pid);
    if (filter.level) query = query.where('r.level', '=', filter.level);
    if (filter.name) query = query.where('r.name', 'ilike', containsPattern(filter.name));
    if (filter.code) query = query.where('r.code', 'like', startsPattern(filter.code));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      query = query.where((eb) =>
        eb.or([
          eb('r.name', 'ilike', containsPattern(keyword)),
          eb('r.shortName', 'ilike', containsPattern(keyword)),
          eb('r.pinYin', 'like', startsPattern(keyword.toLowerCase())),
          eb('r.code', 'like', startsPattern(keyword)),
        ]),
      );
    }
    return paginate(query, filter, sort, 'r.code');
  }

  childCount(trx: Trx, id: string) {
    return trx
      .selectFrom('sysRegion')
      .select(sql<string>`count(*)`.as('n'))
      .where('pid', '=', id)
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  }

  insert(trx: Trx, row: Insertable<SysRegionTable>) {
    return trx.insertInto('sysRegion').values(row).execute().catch(duplicateCode(row.code));
  }

  update(trx: Trx, id: string, row: Updateable<SysRegionTable>) {
    return trx
      .updateTable('sysRegion')
      .set(row)
      .where('id', '=', id)
      .execute()
      .catch(duplicateCode(String(row.code ?? '')));
  }

  /** After a rename or a move: the merged names below `from` start with `to` instead. */
  renameDescendants(trx: Trx, from: string, to: string) {
    return trx
      .updateTable('sysRegion')
      .set({ mergerName: sql`${to} || substr(merger_name, ${from.length + 1})` })
      .where('mergerName', 'like', `${startsPattern(`${from},`)}`)
      .execute();
  }

  delete(trx: Trx, id: string) {
    return trx.deleteFrom('sysRegion').where('id', '=', id).execute();
  }

  /**
   * Loads dataset rows in batches: new ones are inserted, changed ones get the dataset's naming
   * fields back (remarks, order, zip codes and coordinates an administrator set are kept), equal
   * ones are left alone. Answers how many were inserted and updated.
   */
  async upsertDataset(trx: Trx, rows: DatasetRegion[]): Promise<{ inserted: number; updated: number }> {
    let inserted = 0;
    let updated = 0;
    for (let i = 0; i < rows.length; i += SYNC_BATCH) {
      const batch = rows.slice(i, i + SYNC_BATCH).map((r) => ({
        id: r.id,
        pid: r.pid,
        name: r.name,
        shortName: r.shortName,
        mergerName: r.mergerName,
        code: r.code,
        cityCode: r.cityCode,
        level: r.level,
        pinYin: r.pinYin,
        orderNo: r.orderNo,
      }));
      const changed = await trx
        .insertInto('sysRegion')
        .values(batch)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({
              pid: sql`excluded.pid`,
              name: sql`excluded.name`,
              shortName: sql`excluded.short_name`,
              mergerName: sql`excluded.merger_name`,
              code: sql`excluded.code`,
              cityCode: sql`coalesce(sys_region.city_code, excluded.city_code)`,
              level: sql`excluded.level`,
              pinYin: sql`excluded.pin_yin`,
              updateTime: sql`now()`,
            })
            .where(
              sql<boolean>`(sys_region.pid, sys_region.name, sys_region.short_name, sys_region.merger_name, sys_region.code, sys_region.level, sys_region.pin_yin)
                is distinct from (excluded.pid, excluded.name, excluded.short_name, excluded.merger_name, excluded.code, excluded.level, excluded.pin_yin)`,
            ),
        )
        .returning(sql<boolean>`(xmax = 0)`.as('inserted'))
        .execute()
        .catch((error: unknown) => {
          throw sqlState(error) === PG_UNIQUE_VIOLATION ? conflict('region.syncCodeTaken') : error;
        });
      for (const row of changed) {
        if (row.inserted) inserted++;
        else updated++;
      }
    }
    return { inserted, updated };
  }
}
