import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { ID_PATTERN } from './id.js';
import { PageInputFields, PageOf } from './paging.js';

/**
 * Administrative regions (sysRegion): the PRC divisions, a platform table every signed-in account
 * reads and only the super admin edits. Levels: 1 province, 2 prefecture, 3 county, 4 township.
 * Regions loaded from the dataset have their 12-digit statistics code as id (and `code`).
 */

/** A parent id: 0 for the top level (provinces), otherwise a region id. */
export const RegionPid = Type.String({
  pattern: `^(0|${ID_PATTERN.replace(/^\^|\$$/g, '')})$`,
  description: 'Parent region id; 0 for provinces',
});

/** The deepest level the dataset has (township). */
export const REGION_MAX_LEVEL = 4;

const RegionFields = {
  pid: RegionPid,
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Full name (北京市)' }),
  shortName: Type.Optional(Nullable(Type.String({ maxLength: 32 }))),
  code: Type.String({
    minLength: 1,
    maxLength: 32,
    pattern: '^[0-9A-Za-z_-]+$',
    description: 'Division code, unique (12-digit statistics code for the dataset rows)',
  }),
  zipCode: Type.Optional(Nullable(Type.String({ maxLength: 6, pattern: '^[0-9]*$' }))),
  cityCode: Type.Optional(Nullable(Type.String({ maxLength: 6, pattern: '^[0-9]*$' }))),
  pinYin: Type.Optional(Nullable(Type.String({ maxLength: 128 }))),
  lng: Type.Optional(Nullable(Type.Number({ minimum: -180, maximum: 180 }))),
  lat: Type.Optional(Nullable(Type.Number({ minimum: -90, maximum: 90 }))),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

export const AddRegionBody = Type.Object(RegionFields, { additionalProperties: false });
export const UpdateRegionBody = Type.Object({ id: Id, ...RegionFields }, { additionalProperties: false });
export type RegionInput = Static<typeof AddRegionBody>;
export type RegionUpdate = Static<typeof UpdateRegionBody>;

/** `list?Pid=`: the children of one region (the lazy tree), or the provinces with Pid 0. */
export const RegionListQuery = Type.Object(
  { Pid: Type.Optional(RegionPid) },
  { additionalProperties: false },
);

/** `tree?Level=`: the top levels as a nested tree (provinces and prefectures by default). */
export const RegionTreeQuery = Type.Object(
  { Level: Type.Optional(Type.Integer({ minimum: 1, maximum: 3, default: 2 })) },
  { additionalProperties: false },
);

/** Search: `keyword` matches the name, short name, pinyin initials (bjs) or the start of the code. */
export const RegionPageBody = Type.Object(
  {
    ...PageInputFields,
    pid: Type.Optional(RegionPid),
    keyword: Type.Optional(Type.String({ maxLength: 64 })),
    name: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 32 })),
    level: Type.Optional(Type.Integer({ minimum: 1, maximum: REGION_MAX_LEVEL })),
  },
  { additionalProperties: false },
);
export type RegionPageInput = Static<typeof RegionPageBody>;

/** `sync`: load the dataset down to `level` (1 provinces ... 4 townships; default 4). */
export const RegionSyncBody = Type.Object(
  { level: Type.Optional(Type.Integer({ minimum: 1, maximum: REGION_MAX_LEVEL })) },
  { additionalProperties: false },
);

export const RegionSyncReport = Type.Object({
  level: Type.Integer(),
  /** Dataset rows at or above the level. */
  total: Type.Integer(),
  inserted: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  milliseconds: Type.Integer(),
  /** Where the rows came from: the package and its version, and the date of its data. */
  source: Type.String(),
  dataDate: Type.String(),
});
export type RegionSyncResult = Static<typeof RegionSyncReport>;

const RegionOutputFields = {
  id: Id,
  pid: Type.String(),
  name: Type.String(),
  shortName: Nullable(Type.String()),
  mergerName: Nullable(Type.String()),
  code: Type.String(),
  zipCode: Nullable(Type.String()),
  cityCode: Nullable(Type.String()),
  level: Type.Integer(),
  pinYin: Nullable(Type.String()),
  lng: Nullable(Type.Number()),
  lat: Nullable(Type.Number()),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  /** True when the region has children (the lazy tree shows an expander). */
  hasChildren: Type.Boolean(),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
};

export const RegionOutput = Type.Object(RegionOutputFields);
export type RegionRow = Static<typeof RegionOutput>;
export const RegionPageOutput = PageOf(RegionOutput);

/** A node of `tree`: the row's naming fields and its children. */
const RegionTreeFields = {
  id: Id,
  pid: Type.String(),
  name: Type.String(),
  code: Type.String(),
  level: Type.Integer(),
  mergerName: Nullable(Type.String()),
};
export const RegionTreeNode = Type.Object({
  ...RegionTreeFields,
  children: Type.Array(
    Type.Object({
      ...RegionTreeFields,
      children: Type.Array(Type.Object({ ...RegionTreeFields, children: Type.Array(Type.Unknown()) })),
    }),
  ),
});
export type RegionTreeRow = Pick<RegionRow, 'id' | 'pid' | 'name' | 'code' | 'level' | 'mergerName'> & {
  children: RegionTreeRow[];
};
