import type { RegionRow } from '@lintel/contracts';

/** Test helper (not a test): region rows as the API answers them. */
export const region = (over: Partial<RegionRow> & Pick<RegionRow, 'id' | 'name' | 'level'>): RegionRow => ({
  pid: '0',
  shortName: null,
  mergerName: over.name,
  code: over.id,
  zipCode: null,
  cityCode: null,
  pinYin: null,
  lng: null,
  lat: null,
  orderNo: 1,
  remark: null,
  hasChildren: false,
  createTime: '2026-11-24T08:00:00+08:00',
  updateTime: null,
  ...over,
});

export const PROVINCES = [
  region({ id: '110000000000', name: '北京市', level: 1, hasChildren: true, pinYin: 'bjs' }),
  region({ id: '440000000000', name: '广东省', level: 1, hasChildren: true, pinYin: 'gds' }),
];
export const GUANGDONG = [
  region({
    id: '440300000000',
    pid: '440000000000',
    name: '深圳市',
    level: 2,
    hasChildren: true,
    mergerName: '广东省,深圳市',
  }),
];
export const SHENZHEN = [
  region({
    id: '440305000000',
    pid: '440300000000',
    name: '南山区',
    level: 3,
    mergerName: '广东省,深圳市,南山区',
  }),
];

/** Children by parent id, as `GET /api/sysRegion/list?Pid=` answers. */
export const CHILDREN: Record<string, RegionRow[]> = {
  '0': PROVINCES,
  '440000000000': GUANGDONG,
  '440300000000': SHENZHEN,
};
