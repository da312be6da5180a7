import type { FastifyBaseLogger } from 'fastify';
import type { Insertable } from 'kysely';
import type { Principal } from '../auth/principal.js';
import type { Database } from '../db/database.js';
import { newId } from '../db/ids.js';
import type { SysLogDiffTable, SysLogOpTable } from '../db/schema.js';
import { insertAuditRows } from './audit-log.repo.js';
import { diffRows } from './diff.js';

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

/**
 * The operation and difference logs, written off the request path: requests queue entries, and a
 * timer (or a full queue) writes them in one insert per table. A failed write is logged, never
 * surfaced to the request that caused it; close() writes what is left.
 */
export class AuditLog {
  private ops: Insertable<SysLogOpTable>[] = [];
  private diffs: Insertable<SysLogDiffTable>[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  op(entry: OpEntry): void {
    const { tenantId, statusCode, message, url, userAgent, ...rest } = entry;
    this.ops.push({
      id: newId(),
      tenantId,
      ...rest,
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
    this.diffs.push({
      id: newId(),
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

  private schedule(): void {
    if (this.ops.length + this.diffs.length >= BATCH) {
      void this.flush();
      return;
    }
    this.timer ??= setTimeout(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  /** Writes everything queued so far (tests call it to read the logs at once). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ops = this.ops.splice(0);
    const diffs = this.diffs.splice(0);
    if (ops.length === 0 && diffs.length === 0) return this.writing;
    // One write at a time, in order: a flush waits for the one before it.
    this.writing = this.writing.then(async () => {
      try {
        // A tenant with a database of its own keeps its logs there; the rest go to the main one.
        const own = this.db.tenantDatabases;
        const elsewhere = own?.hasOwn()
          ? [...new Set([...ops, ...diffs].map((r) => r.tenantId))].filter((id) => own.isOwn(id))
          : [];
        const here = <T extends { tenantId: string }>(rows: T[]) =>
          elsewhere.length ? rows.filter((r) => !elsewhere.includes(r.tenantId)) : rows;
        const mainOps = here(ops);
        const mainDiffs = here(diffs);
        if (mainOps.length || mainDiffs.length) {
          await this.db.platform((trx) => insertAuditRows(trx, mainOps, mainDiffs));
        }
        for (const tenantId of elsewhere) {
          const tenantOps = ops.filter((r) => r.tenantId === tenantId);
          const tenantDiffs = diffs.filter((r) => r.tenantId === tenantId);
          await this.db
            .tenant(tenantId, (trx) => insertAuditRows(trx, tenantOps, tenantDiffs))
            .catch((error: unknown) =>
              this.log.error({ err: error, tenantId, ops: tenantOps.length }, 'audit log write failed'),
            );
        }
      } catch (error) {
        this.log.error({ err: error, ops: ops.length, diffs: diffs.length }, 'audit log write failed');
      }
    });
    return this.writing;
  }

  close(): Promise<void> {
    return this.flush();
  }
}
