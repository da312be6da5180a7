import type { SerialDatePart, SerialReset } from '@lintel/contracts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The date written as `yyyy`, `yyyyMM` or `yyyyMMdd` (server-local calendar), or '' for none. */
export function datePartOf(part: SerialDatePart | string, now: Date): string {
  const y = String(now.getFullYear());
  const m = pad(now.getMonth() + 1);
  const d = pad(now.getDate());
  switch (part) {
    case 'yyyy':
      return y;
    case 'yyyyMM':
      return y + m;
    case 'yyyyMMdd':
      return y + m + d;
    default:
      return '';
  }
}

/** The period a counter counts in under its reset rule: a new period starts it again at 1. */
export function periodOf(reset: SerialReset | string, now: Date): string {
  switch (reset) {
    case 'daily':
      return datePartOf('yyyyMMdd', now);
    case 'monthly':
      return datePartOf('yyyyMM', now);
    case 'yearly':
      return datePartOf('yyyy', now);
    default:
      return '';
  }
}

export interface SerialPattern {
  prefix: string;
  datePart: string;
  padding: number;
}

/** prefix + date part + the value padded with zeros (a value longer than the padding is kept whole). */
export function formatSerial(pattern: SerialPattern, value: string | number, now: Date): string {
  return `${pattern.prefix}${datePartOf(pattern.datePart, now)}${String(value).padStart(pattern.padding, '0')}`;
}

/** The value `next` would hand out now, without taking it. */
export function previewValue(
  row: { resetRule: string; period: string; currentValue: string },
  now: Date,
): string {
  const restarts = row.resetRule !== 'never' && row.period !== periodOf(row.resetRule, now);
  return restarts ? '1' : String(BigInt(row.currentValue) + 1n);
}
