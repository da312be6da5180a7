import type { Selectable } from 'kysely';
import type { Principal } from '../../platform/auth/principal.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { resolveSort } from '../../platform/http/paging.js';
import { formatIso } from '../../platform/http/result.js';
import { datasetRegions, REGION_DATA_DATE, REGION_SOURCE, regionSourceVersion } from './region-dataset.js';
import { SysRegionRepo } from './sys-region.repo.js';
import type {
  RegionInput,
  RegionPageInput,
  RegionRow,
  RegionSyncResult,
  RegionTreeRow,
  RegionUpdate,
} from './sys-region.schema.js';
import type { SysRegionTable } from './sys-region.table.js';

/** Regions below townships (villages) may be added by hand; the dataset stops at level 4. */
const DEEPEST_LEVEL = 5;
const SORT = { code: 'r.code', name: 'r.name', level: 'r.level', orderNo: 'r.orderNo', pinYin: 'r.pinYin' };

type StoredRegion = Selectable<SysRegionTable> & { hasChildren: boolean };

const toRegionOutput = (row: StoredRegion): RegionRow => ({
  id: row.id,
  pid: row.pid,
  name: row.name,
  shortName: row.shortName,
  mergerName: row.mergerName,
  code: row.code,
  zipCode: row.zipCode,
  cityCode: row.cityCode,
  level: row.level,
  pinYin: row.pinYin,
  lng: row.lng,
  lat: row.lat,
  orderNo: row.orderNo,
  remark: row.remark,
  hasChildren: row.hasChildren,
  createTime: formatIso(row.createTime),
  updateTime: iso(row.updateTime),
});

/** The fields an administrator writes, trimmed; empty optional texts are stored as null. */
const editable = (input: RegionInput) => ({
  name: input.name.trim(),
  shortName: input.shortName?.trim() || null,
  code: input.code,
  zipCode: input.zipCode || null,
  cityCode: input.cityCode || null,
  pinYin: input.pinYin?.trim().toLowerCase() || null,
  lng: input.lng ?? null,
  lat: input.lat ?? null,
  orderNo: input.orderNo ?? 100,
  remark: input.remark ?? null,
});

/**
 * Administrative regions: one platform table every tenant reads (a transaction of the platform
 * role; the table has no tenant column). Only the super admin edits (the menu is a platform one).
 */
export class SysRegionService {
  private readonly repo = new SysRegionRepo();

  constructor(private readonly ctx: AppContext) {}

  list(pid = '0') {
    return this.ctx.db.platform(async (trx) => (await this.repo.children(trx, pid)).map(toRegionOutput));
  }

  /** Provinces down to `level` as a nested tree (2: provinces and prefectures). */
  tree(level = 2): Promise<RegionTreeRow[]> {
    return this.ctx.db.platform(async (trx) => {
      const rows = await this.repo.upToLevel(trx, level);
      const nodes = new Map<string, RegionTreeRow>();
      const roots: RegionTreeRow[] = [];
      for (const row of rows) {
        const node = { ...row, children: [] };
        nodes.set(row.id, node);
        if (row.pid === '0') roots.push(node);
        else nodes.get(row.pid)?.children.push(node);
      }
      return roots;
    });
  }

  page(filter: RegionPageInput) {
    const sort = resolveSort(filter, SORT, { column: 'r.level', direction: 'asc' });
    return this.ctx.db.platform(async (trx) => {
      const page = await this.repo.page(trx, filter, sort);
      return { ...page, items: page.items.map(toRegionOutput) };
    });
  }

  /** The parent a region may hang under: the top (0) or an existing region above the deepest level. */
  private async parent(trx: Trx, pid: string) {
    if (pid === '0') return undefined;
    const parent = await this.repo.byId(trx, pid);
    if (!parent) throw badRequest('region.parentMissing');
    if (parent.level >= DEEPEST_LEVEL) throw badRequest('region.tooDeep', { level: DEEPEST_LEVEL });
    return parent;
  }

  add(principal: Principal, input: RegionInput): Promise<string> {
    return this.ctx.db.platform(async (trx) => {
      const parent = await this.parent(trx, input.pid);
      const id = newId();
      const fields = editable(input);
      await this.repo.insert(trx, {
        id,
        pid: input.pid,
        ...fields,
        level: parent ? parent.level + 1 : 1,
        mergerName: parent?.mergerName ? `${parent.mergerName},${fields.name}` : fields.name,
        ...created(principal),
      });
      return id;
    });
  }

  /**
   * Updates a region. A move keeps the level (a county goes under another prefecture), so the
   * tree below stays consistent; the merged names below follow a rename or a move.
   */
  update(principal: Principal, input: RegionUpdate): Promise<void> {
    return this.ctx.db.platform(async (trx) => {
      const current = await this.repo.byId(trx, input.id);
      if (!current) throw notFound();
      const fields = editable(input);
      let mergerName = current.mergerName;
      if (input.pid !== current.pid || fields.name !== current.name) {
        const parent = await this.parent(trx, input.pid);
        if ((parent ? parent.level + 1 : 1) !== current.level) throw badRequest('region.moveLevel');
        mergerName = parent?.mergerName ? `${parent.mergerName},${fields.name}` : fields.name;
      }
      await this.repo.update(trx, input.id, { pid: input.pid, ...fields, mergerName, ...updated(principal) });
      if (current.mergerName && mergerName && mergerName !== current.mergerName) {
        await this.repo.renameDescendants(trx, current.mergerName, mergerName);
      }
    });
  }

  delete(id: string): Promise<void> {
    return this.ctx.db.platform(async (trx) => {
      const current = await this.repo.byId(trx, id);
      if (!current) throw notFound();
      if (current.hasChildren) {
        throw conflict('region.hasChildren', { count: await this.repo.childCount(trx, id) });
      }
      await this.repo.delete(trx, id);
    });
  }

  /**
   * Loads the dataset down to `level` in one transaction, set-based (batches of 2,000 rows):
   * idempotent, a second run inserts and updates nothing.
   */
  sync(level = 4): Promise<RegionSyncResult> {
    const started = performance.now();
    const rows = datasetRegions().filter((r) => r.level <= level);
    return this.ctx.db.platform(async (trx) => {
      const { inserted, updated } = await this.repo.upsertDataset(trx, rows);
      return {
        level,
        total: rows.length,
        inserted,
        updated,
        unchanged: rows.length - inserted - updated,
        milliseconds: Math.round(performance.now() - started),
        source: `${REGION_SOURCE}@${regionSourceVersion()}`,
        dataDate: REGION_DATA_DATE,
      };
    });
  }
}
