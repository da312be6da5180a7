/**
 * The `date` and `date-time` string formats of every request schema, replacing ajv-formats' own.
 * Those accept what JavaScript and PostgreSQL then refuse or move: a leap second (23:59:60 becomes
 * an Invalid Date, a 500), year 0 and offsets beyond ±15:59 (PostgreSQL: out of range, a 500).
 * Here a value passes only when it names one real instant (or day) that `new Date` reads without
 * shifting it and PostgreSQL can store, so handlers may parse it without further checks.
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[Zz]|([+-])(\d{2}):(\d{2}))$/;

/** PostgreSQL's largest time zone displacement is 15:59 (TZDISP_LIMIT). */
const MAX_OFFSET_MINUTES = 15 * 60 + 59;

function isRealDay(year: number, month: number, day: number): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** YYYY-MM-DD, a day that exists, year 1 to 9999. */
export function isDay(value: string): boolean {
  const match = DAY.exec(value);
  return !!match && isRealDay(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** RFC 3339 date-time with an offset, no leap second, an instant between years 1 and 9999 (UTC). */
export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  if (!match) return false;
  const [, year, month, day, hour, minute, second, , offsetHours = '0', offsetMinutes = '0'] = match;
  if (!isRealDay(Number(year), Number(month), Number(day))) return false;
  if (Number(hour) > 23 || Number(minute) > 59 || Number(second) > 59) return false;
  if (Number(offsetMinutes) > 59 || Number(offsetHours) * 60 + Number(offsetMinutes) > MAX_OFFSET_MINUTES)
    return false;
  const instant = new Date(value);
  const utcYear = instant.getUTCFullYear();
  return !Number.isNaN(instant.getTime()) && utcYear >= 1 && utcYear <= 9999;
}

interface FormatRegistry {
  addFormat(name: string, format: { type: 'string'; validate: (value: string) => boolean }): unknown;
}

/** Fastify's `ajv.onCreate`: runs after ajv-formats, so these definitions win. */
export function registerInputFormats(ajv: FormatRegistry): void {
  ajv.addFormat('date', { type: 'string', validate: isDay });
  ajv.addFormat('date-time', { type: 'string', validate: isDateTime });
}
