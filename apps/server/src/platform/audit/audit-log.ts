import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { SysLogExTable, SysLogHttpTable, SysLogVisTable } from '../logs/log-tables.js';
import { insertLogBatch, isEmptyBatch, type LogBatch } from './audit-log.repo.js';
import { diffRows } from './diff.js';

/** A visit; `id` and `createTime` when the entry is put together after the event (see `defer`). */
export type VisEntry = Omit<Insertable<SysLogVisTable>, 'id' | 'createTime'> & {
  id?: string;
  createTime?: Date;
};
export type ExEntry = Omit<Insertable<SysLogExTable>, 'id' | 'createTime'>;
export type HttpEntry = Omit<Insertable<SysLogHttpTable>, 'id' | 'createTime'>;

export interface OpEntry {
  tenantId: string;
  userId: string | null;
  account: string | null;
  realName: string | null;
  method: string;
  url: string;
  permission: string | null;
  ip: string | null;
  userAgent: string | null;
  statusCode: number;
  message: string | null;
  elapsedMs: number;
}

export interface DiffInput {
  principal: Principal;
  table: string;
  rowId: string;
  operation: 'insert' | 'update' | 'delete';
  before?: Record<string, unknown>;
  after?: Record<string, unknown>;
}

/** Entries wait at most this long, or until this many are queued, before one batch insert. */
const FLUSH_MS = 1000;
const BATCH = 200;

const emptyBatch = (): LogBatch => ({ ops: [], diffs: [], vis: [], ex: [], http: [] });
const cut = (text: string | null | undefined, max: number) => (text == null ? null : text.slice(0, max));

/**
 * Every log (operation, difference, visit, exception, HTTP request), written off the request path:
 * requests queue entries, and a timer (or a full queue) writes them in one insert per table, the
 * operation and difference rows chained by hash under the tenant's lock. A failed write is logged,
 * never surfaced to the request that caused it; close() writes what is left.
 */
export class AuditLog {
  private queued: LogBatch = emptyBatch();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Entries still being put together after their answer went out (see `defer`). */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  op(entry: OpEntry): void {
    const { tenantId, statusCode, message, url, userAgent, ...rest } = entry;
    this.queued.ops.push({
      id: newId(),
      tenantId,
      ...rest,
      // Set here, not by the database default: the chain hashes it before the insert.
      createTime: new Date(),
      url: url.slice(0, 256),
      userAgent: userAgent?.slice(0, 256) ?? null,
      statusCode,
      success: statusCode < 400,
      message: message?.slice(0, 512) ?? null,
    });
    this.schedule();
  }

  /** Records the fields that changed; nothing when none did. */
  diff(input: DiffInput): void {
    const changes = diffRows(input.before ?? {}, input.after ?? {});
    if (changes.length === 0 && input.operation === 'update') return;
    this.queued.diffs.push({
      id: newId(),
      createTime: new Date(),
      tenantId: input.principal.tenantId,
      tableName: input.table,
      rowId: input.rowId,
      operation: input.operation,
      changes: JSON.stringify(changes),
      userId: input.principal.userId,
      account: input.principal.account,
      realName: input.principal.realName,
    });
    this.schedule();
  }

  /** A sign-in or sign-out. */
  vis(entry: VisEntry): void {
    this.queued.vis.push({
      ...entry,
      id: entry.id ?? newId(),
      createTime: entry.createTime ?? new Date(),
      account: cut(entry.account, 64),
      realName: cut(entry.realName, 64),
      message: cut(entry.message, 256),
      location: cut(entry.location, 128),
      browser: cut(entry.browser, 64),
      os: cut(entry.os, 64),
      userAgent: cut(entry.userAgent, 256),
    });
    this.schedule();
  }

  /** A server error, under the request id its answer showed. */
  ex(entry: ExEntry): void {
    this.queued.ex.push({
      id: newId(),
      createTime: new Date(),
      ...entry,
      url: entry.url.slice(0, 512),
      message: cut(entry.message, 1024),
      stack: cut(entry.stack, 8000),
      userAgent: cut(entry.userAgent, 256),
    });
    this.schedule();
  }

  /** One API call (bodies already redacted and capped by the caller). */
  http(entry: HttpEntry): void {
    this.queued.http.push({
      id: newId(),
      createTime: new Date(),
      ...entry,
      url: entry.url.slice(0, 512),
      userAgent: cut(entry.userAgent, 256),
    });
    this.schedule();
  }

  private size(): number {
    const q = this.queued;
    return q.ops.length + q.diffs.length + q.vis.length + q.ex.length + q.http.length;
  }

  private schedule(): void {
    if (this.size() >= BATCH) {
      void this.flushQueued();
      return;
    }
    this.timer ??= setTimeout(() => void this.flushQueued(), FLUSH_MS);
    this.timer.unref();
  }

  /**
   * Runs work that queues an entry once it has read what it needs (the visit log looks up the
   * account a new session belongs to), off the request path; a flush waits for it first, so an
   * entry is never left behind by the flush that follows its request. Failures are logged.
   */
  defer(work: () => Promise<void>): void {
    const running = work()
      .catch((error: unknown) => this.log.error({ err: error }, 'log entry failed'))
      .finally(() => this.pending.delete(running));
    this.pending.add(running);
  }

  /** Writes everything queued so far (tests call it to read the logs at once). */
  async flush(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
    return this.flushQueued();
  }

  private flushQueued(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.queued;
    this.queued = emptyBatch();
    if (isEmptyBatch(batch)) return this.writing;
    // One write at a time, in order: a flush waits for the one before it.
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: LogBatch): Promise<void> {
    // A tenant with a database of its own keeps its logs there; the rest go to the main one.
    const own = this.db.tenantDatabases;
    const all = Object.values(batch).flat() as { tenantId: string }[];
    const elsewhere = own?.hasOwn()
      ? [...new Set(all.map((r) => r.tenantId))].filter((id) => own.isOwn(id))
      : [];
    const part = (keep: (tenantId: string) => boolean): LogBatch => {
      const pick = <T extends { tenantId: string }>(rows: T[]) => rows.filter((r) => keep(r.tenantId));
      return {
        ops: pick(batch.ops),
        diffs: pick(batch.diffs),
        vis: pick(batch.vis),
        ex: pick(batch.ex),
        http: pick(batch.http),
      };
    };
    const main = elsewhere.length ? part((id) => !elsewhere.includes(id)) : batch;
    if (!isEmptyBatch(main)) {
      await this.db
        .platform((trx) => insertLogBatch(trx, main))
        .catch((error: unknown) => this.log.error({ err: error, rows: all.length }, 'log write failed'));
    }
    for (const tenantId of elsewhere) {
      await this.db
        .tenant(tenantId, (trx) =>
          insertLogBatch(
            trx,
            part((id) => id === tenantId),
          ),
        )
        .catch((error: unknown) => this.log.error({ err: error, tenantId }, 'log write failed'));
    }
  }

  close(): Promise<void> {
    return this.flush();
  }
}
