import type { Generated } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/** An administrative region (0016_regions): a platform table, shared by every tenant. */
export interface SysRegionTable extends Audit {
  id: Id;
  /** 0 for provinces. */
  pid: Generated<Id>;
  name: string;
  shortName: string | null;
  /** The names from the province down, comma-separated (广东省,深圳市,南山区). */
  mergerName: string | null;
  code: string;
  zipCode: string | null;
  cityCode: string | null;
  level: number;
  pinYin: string | null;
  lng: number | null;
  lat: number | null;
  orderNo: Generated<number>;
  remark: string | null;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysRegion: SysRegionTable;
  }
}
