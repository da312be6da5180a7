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

const comparable = (value: unknown) => (value instanceof Date ? value.toISOString() : (value ?? null));

/**
 * The fields whose values differ between two versions of a row (either may be empty for an insert
 * or a delete), each with its old and new value.
 */
export function diffRows(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((f) => !SKIPPED.has(f));
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const old = comparable(before[field]);
    const next = comparable(after[field]);
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
