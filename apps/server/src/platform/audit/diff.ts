import type { FieldChange } from '../db/schema.js';

/** Fields never written to the difference log: bookkeeping, or secrets. */
const SKIPPED = new Set([
  'createTime',
  'updateTime',
  'createUserId',
  'createUserName',
  'updateUserId',
  'updateUserName',
  'password',
]);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The calendar day a `date` column came back as. node-postgres reads one as local midnight,
 * PGlite as UTC midnight: whichever midnight the value sits on names its day.
 */
function dayOf(date: Date): string {
  const local =
    date.getHours() === 0 &&
    date.getMinutes() === 0 &&
    date.getSeconds() === 0 &&
    date.getMilliseconds() === 0;
  return local
    ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
    : date.toISOString().slice(0, 10);
}

/**
 * A value as it is compared and recorded. Empty text, undefined and null all mean "no value" (a
 * form sends '' where the row holds null); a date is its instant, or its day when the other
 * version is a day (a `date` column read back as a Date against the 'YYYY-MM-DD' that was sent);
 * timestamps written as text compare by the instant they name, whatever their offset.
 */
function comparable(value: unknown, other: unknown): unknown {
  if (value === undefined || value === null || value === '') return null;
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return typeof other === 'string' && DAY.test(other) ? dayOf(value) : value.toISOString();
  }
  const otherInstant = other instanceof Date || (typeof other === 'string' && INSTANT.test(other));
  if (typeof value === 'string' && INSTANT.test(value) && otherInstant) {
    const instant = new Date(value);
    if (!Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  return value;
}

/**
 * The fields whose values differ between two versions of a row (either may be empty for an insert
 * or a delete), each with its old and new value. An update that changes nothing yields none.
 */
export function diffRows(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !SKIPPED.has(f));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = comparable(before[field], after[field]);
    const next = comparable(after[field], before[field]);
    if (JSON.stringify(old) !== JSON.stringify(next)) changes.push({ field, before: old, after: next });
  }
  return changes;
}

/** A row after an update: fields the update leaves out (undefined) keep their stored value. */
export function applied<T extends object>(
  current: T,
  patch: Record<string, unknown>,
): Record<string, unknown> {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return { ...current, ...defined };
}
