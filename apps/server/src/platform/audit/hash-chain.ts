import { createHash } from 'node:crypto';

/**
 * The hash chain of the operation and difference logs: each row's `hash` is SHA-256 over the hash
 * of the tenant's previous row (`prev_hash`, empty for the first) and a canonical serialisation of
 * the row's content. Changing, inserting or deleting a row in the middle breaks a link.
 */

/** The logs that are chained. */
export type ChainedLog = 'sysLogOp' | 'sysLogDiff';

/** The content fields each chained log hashes, in a fixed order (never reorder: old hashes would break). */
export const CHAINED_FIELDS: Record<ChainedLog, readonly string[]> = {
  sysLogOp: [
    'id',
    'tenantId',
    'userId',
    'account',
    'realName',
    'method',
    'url',
    'permission',
    'ip',
    'userAgent',
    'statusCode',
    'success',
    'message',
    'elapsedMs',
    'createTime',
  ],
  sysLogDiff: [
    'id',
    'tenantId',
    'tableName',
    'rowId',
    'operation',
    'changes',
    'userId',
    'account',
    'realName',
    'createTime',
  ],
};

/** A JSON value with object keys sorted at every level (jsonb reorders keys; the hash must not care). */
function canonicalValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(canonicalValue);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonicalValue(v)]));
  }
  return value;
}

/**
 * The row's content as one string: the chained fields in order, ids and bigints as decimal text,
 * times as ISO 8601 (UTC, milliseconds), `changes` parsed when it is still JSON text.
 */
export function canonicalRow(log: ChainedLog, row: Record<string, unknown>): string {
  const fields = CHAINED_FIELDS[log].map((field) => {
    let value = row[field];
    if (field === 'changes' && typeof value === 'string') value = JSON.parse(value) as unknown;
    if (typeof value === 'bigint') value = value.toString();
    if ((field === 'id' || field === 'tenantId' || field === 'userId' || field === 'rowId') && value != null)
      value = String(value);
    return [field, canonicalValue(value ?? null)];
  });
  return JSON.stringify(fields);
}

/** SHA-256 (hex) over the previous hash and the row's canonical content. */
export function chainHash(log: ChainedLog, prevHash: string | null, row: Record<string, unknown>): string {
  return createHash('sha256')
    .update(prevHash ?? '')
    .update('\n')
    .update(canonicalRow(log, row))
    .digest('hex');
}

/** Gives rows (in insertion order) their `prevHash` and `hash`, continuing from the tenant's last hash. */
export function chainRows<T extends Record<string, unknown>>(
  log: ChainedLog,
  lastHash: string | null,
  rows: T[],
): (T & { prevHash: string | null; hash: string })[] {
  let prev = lastHash;
  return rows.map((row) => {
    const hash = chainHash(log, prev, row);
    const chained = { ...row, prevHash: prev, hash };
    prev = hash;
    return chained;
  });
}

/** The first broken link of a chain, or how many rows it holds. */
export type ChainReport =
  | { intact: true; rows: number; unchained: number }
  | { intact: false; rows: number; unchained: number; brokenId: string; brokenTime: string; reason: string };

/**
 * Walks a tenant's chain in insertion order. Rows written before the chain existed (null hash, only
 * at the start) are counted as unchained; the oldest chained row's `prevHash` is taken as given (the
 * rows before it may have been purged by retention or cleared), every later link must match.
 */
export class ChainWalker {
  private prev: string | null | undefined = undefined;
  rows = 0;
  unchained = 0;
  broken: { id: string; time: string; reason: string } | undefined;

  constructor(private readonly log: ChainedLog) {}

  /** Checks the next row; answers false once a link is broken (stop reading). */
  next(
    row: Record<string, unknown> & {
      id: string;
      createTime: Date;
      prevHash: string | null;
      hash: string | null;
    },
  ): boolean {
    if (this.broken) return false;
    const fail = (reason: string) => {
      this.broken = { id: String(row.id), time: row.createTime.toISOString(), reason };
      return false;
    };
    if (row.hash === null) {
      if (this.prev !== undefined) return fail('missing hash');
      this.unchained++;
      return true;
    }
    this.rows++;
    if (this.prev !== undefined && row.prevHash !== this.prev) return fail('previous hash does not match');
    if (chainHash(this.log, row.prevHash, row) !== row.hash) return fail('content does not match its hash');
    this.prev = row.hash;
    return true;
  }

  report(): ChainReport {
    const counts = { rows: this.rows, unchained: this.unchained };
    return this.broken
      ? {
          intact: false,
          ...counts,
          brokenId: this.broken.id,
          brokenTime: this.broken.time,
          reason: this.broken.reason,
        }
      : { intact: true, ...counts };
  }
}
