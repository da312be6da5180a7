import { CONST_TYPES, type ConstTypeName, type Locale } from '@lintel/contracts';
import { t } from '../i18n/index.js';
import type { Cell } from './table-export.js';

/**
 * How an export writes a column's value for a person (SPEC 2 "List toolbars"), as the web's print
 * does: the label of a coded value in the request's language, yes or no, a local date and time. A
 * list declares the kind of each coded column once; the export applies it to every row.
 */
export type CellFormat =
  /** A value of one of the shared enums (`enum.<Type>.<Key>` in the message catalogs). */
  | { kind: 'enum'; type: ConstTypeName }
  /** A word of the message catalogs per value: `<prefix>.<value>`. */
  | { kind: 'label'; prefix: string }
  /** A point in time (a Date, or ISO 8601 text with offset as the API sends it). */
  | { kind: 'dateTime' };

export const enumCell = (type: ConstTypeName): CellFormat => ({ kind: 'enum', type });
export const labelCell = (prefix: string): CellFormat => ({ kind: 'label', prefix });
export const dateTimeCell: CellFormat = { kind: 'dateTime' };

/** The declared format of each coded column of a list, by field name. */
export type ColumnFormats = Readonly<Record<string, CellFormat>>;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `2026-11-24 15:04:05` in the server's time zone: the wall clock of the offset every ISO time of
 * the API carries (formatIso), so a file says what the list on screen says.
 */
export function localDateTime(date: Date): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}

function enumLabel(locale: Locale, type: ConstTypeName, value: Cell): Cell {
  const entry = Object.entries(CONST_TYPES[type]).find(([, v]) => v === value);
  return entry ? t(locale, `enum.${type}.${entry[0]}`) : value;
}

function dateTimeText(value: Cell): Cell {
  if (value === null || value === undefined || value === '') return value;
  const date = value instanceof Date ? value : new Date(String(value));
  return Number.isNaN(date.getTime()) ? value : localDateTime(date);
}

/** One cell as a person reads it: the declared format, else yes / no for flags and local times for dates. */
function formatCell(locale: Locale, format: CellFormat | undefined, value: Cell): Cell {
  if (value === null || value === undefined) return value;
  switch (format?.kind) {
    case 'enum':
      return enumLabel(locale, format.type, value);
    case 'label': {
      const key = `${format.prefix}.${String(value)}`;
      const text = t(locale, key);
      return text === key ? value : text;
    }
    case 'dateTime':
      return dateTimeText(value);
    default:
      if (typeof value === 'boolean') return t(locale, value ? 'enum.YesNo.Y' : 'enum.YesNo.N');
      if (value instanceof Date) return dateTimeText(value);
      return value;
  }
}

/** The written columns of a row (`keys`) as a person reads them, in the request's language. */
export function cellFormatter(formats: ColumnFormats, locale: Locale, keys: readonly string[]) {
  const columns = keys.map((key) => [key, Object.hasOwn(formats, key) ? formats[key] : undefined] as const);
  return (cells: Record<string, Cell>): Record<string, Cell> => {
    const out: Record<string, Cell> = {};
    for (const [key, format] of columns) out[key] = formatCell(locale, format, cells[key]);
    return out;
  };
}
