import type { PrintFormat } from '@lintel/contracts';

/** A record the template binds: one row of a list, or the sample data of the designer. */
export type PrintRecord = Record<string, unknown>;

/** The value at a field path (`customer.name`); own properties only, so `constructor` finds nothing. */
export function valueAt(data: unknown, path: string): unknown {
  let current: unknown = data;
  for (const part of path.split('.')) {
    if (current === null || typeof current !== 'object' || !Object.hasOwn(current, part)) return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as YYYY-MM-DD: an ISO time keeps the day it was written in (its own offset). */
function dayOf(value: unknown): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value)) return value.slice(0, 10);
  const date = value instanceof Date ? value : new Date(String(value));
  if (Number.isNaN(date.getTime())) return String(value);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A bound value as printed text; missing values print as nothing. */
export function formatValue(value: unknown, format: PrintFormat = 'text', digits?: number): string {
  if (value === undefined || value === null || value === '') return '';
  if (format === 'date') return dayOf(value);
  if (format === 'number') {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isFinite(n) ? n.toFixed(digits ?? 2) : String(value);
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Fixed text with `{field}` placeholders replaced by the record's values. */
export const fillText = (text: string, data: unknown) =>
  text.replace(/\{([A-Za-z_][\w.]*)\}/g, (_, path: string) => formatValue(valueAt(data, path)));

export const escapeHtml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
