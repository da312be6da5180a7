import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../http/errors.js';
import { openDatabase, type Database, type DatabaseTarget, type OpenOptions, type Trx } from './database.js';
import {
  allMenus,
  copyMenusInto,
  createPostgresDatabase,
  insertTenantMenuGrants,
  latestMigration,
  postgresDatabaseExists,
  tenantMenuGrants,
  tenantRowExists,
  tenantTypeOf,
  tenantTypes,
} from './tenant-databases.repo.js';

/** sys_tenant.tenant_type of a tenant with a database of its own (0 shares the main database). */
export const OWN_DB_TENANT_TYPE = 1;

/** Where a database-type tenant's database lives, as the tenant list shows it. */
export interface TenantDbLocation {
  kind: DatabaseTarget['kind'];
  /** A PGlite folder, 'memory', or a PostgreSQL URL without its password. */
  location: string;
  /** True when the tenant named its own connection string (the database is not created for it). */
  ownConnection: boolean;
}

interface OwnDb {
  connection: string | null;
}

/** A PostgreSQL database name for a tenant on the main server (tenant ids are decimal digits). */
export const tenantDatabaseName = (tenantId: string) => `lintel_t_${tenantId}`;

/** The URL of a tenant's database on the main PostgreSQL server (the main URL, another database). */
export function tenantDatabaseUrl(mainUrl: string, tenantId: string): string {
  const url = new URL(mainUrl);
  url.pathname = `/${tenantDatabaseName(tenantId)}`;
  return url.toString();
}

/** The PGlite folder of a tenant's database beside the main one's (DATA_DIR/tenants/<id>). */
export const tenantDataDir = (mainDataDir: string, tenantId: string) =>
  path.join(path.dirname(mainDataDir), 'tenants', tenantId);

const withoutPassword = (url: string) => {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(invalid connection string)';
  }
};

/** Whether a string is a PostgreSQL connection URL a tenant may name as its own database. */
export function isPostgresUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'postgres:' || url.protocol === 'postgresql:') && !!url.hostname;
  } catch {
    return false;
  }
}

/**
 * The databases of database-type tenants (tenant_type 1). The main database holds the tenant list
 * (sys_tenant), the global menus and every shared tenant's rows; a database-type tenant's rows live
 * in a database of its own with the full schema, row-level security included, its own copy of its
 * sys_tenant row and of the global menus:
 * - main on PGlite: a PGlite folder DATA_DIR/tenants/<tenantId> (in memory when the main is);
 * - main on PostgreSQL: a database lintel_t_<tenantId> on the same server;
 * - or the tenant's own `connection` (a PostgreSQL URL), whichever the main is.
 * Each is opened lazily with openDatabase (roles, migrations) and kept open until close().
 *
 * Which tenants have a database of their own is known for every tenant id seen: loaded at start,
 * updated by register(), and looked up once on a miss (a tenant another process created), so a
 * shared tenant's transaction costs one Map lookup and no query.
 */
export class TenantDatabases {
  /** Every tenant seen: null shares the main database. */
  private readonly known = new Map<string, OwnDb | null>();
  private readonly ownIds = new Set<string>();
  private readonly opened = new Map<string, Promise<Database>>();
  /** In-memory tenant databases created in this process (main in memory, as in tests). */
  private readonly inMemory = new Set<string>();
  /** The routing handle: ctx.db. */
  readonly database: Database;

  constructor(
    readonly main: Database,
    private readonly mainTarget: DatabaseTarget,
    private readonly options: OpenOptions = {},
  ) {
    const route = <T>(tenantId: string, fn: (trx: Trx) => Promise<T>): Promise<T> => {
      const own = this.known.get(tenantId);
      if (own === null) return main.tenant(tenantId, fn);
      return this.resolve(tenantId).then((db) => db.tenant(tenantId, fn));
    };
    this.database = {
      kind: main.kind,
      global: main.global,
      pglite: main.pglite,
      ...(main.poolStats ? { poolStats: () => main.poolStats!() } : {}),
      tenantDatabases: this,
      tenant: route,
      platform: (fn) => main.platform(fn),
      secrets: (fn) => main.secrets(fn),
      owner: (fn) => main.owner(fn),
      close: () => this.close(),
    };
  }

  /** Reads every tenant's type from the main database (at start). */
  async load(): Promise<void> {
    const rows = await tenantTypes(this.main.global);
    for (const row of rows) this.remember(row.id, row.tenantType, row.connection);
  }

  private remember(tenantId: string, tenantType: number, connection: string | null) {
    const own = tenantType === OWN_DB_TENANT_TYPE ? { connection: connection?.trim() || null } : null;
    this.known.set(tenantId, own);
    if (own) this.ownIds.add(tenantId);
    else this.ownIds.delete(tenantId);
    return own;
  }

  /** Records a tenant created (or changed) in this process. */
  register(tenantId: string, tenantType: number, connection: string | null): void {
    this.remember(tenantId, tenantType, connection);
  }

  /** True when the tenant is known to have a database of its own (no query). */
  isOwn(tenantId: string): boolean {
    return !!this.known.get(tenantId);
  }

  /** Whether any tenant known has a database of its own. */
  hasOwn(): boolean {
    return this.ownIds.size > 0;
  }

  /** The database-type tenants known, by id. */
  ownTenantIds(): string[] {
    return [...this.ownIds];
  }

  /** The database a tenant's transactions run in (looked up in the main database on a miss). */
  private async resolve(tenantId: string): Promise<Database> {
    let own = this.known.get(tenantId);
    if (own === undefined) {
      const row = await tenantTypeOf(this.main.global, tenantId);
      // An unknown id stays unknown (it may be created later): RLS on the main shows it nothing.
      if (!row) return this.main;
      own = this.remember(tenantId, row.tenantType, row.connection);
    }
    return own ? this.open(tenantId, false) : this.main;
  }

  /** Where the tenant's database lives. */
  target(tenantId: string): DatabaseTarget {
    const own = this.known.get(tenantId);
    if (!own) throw new Error(`Tenant ${tenantId} has no database of its own`);
    if (own.connection) return { kind: 'postgres', url: own.connection, poolSize: 4 };
    if (this.mainTarget.kind === 'postgres')
      return { kind: 'postgres', url: tenantDatabaseUrl(this.mainTarget.url, tenantId), poolSize: 4 };
    if (!this.mainTarget.dataDir) return { kind: 'pglite' };
    return { kind: 'pglite', dataDir: tenantDataDir(this.mainTarget.dataDir, tenantId) };
  }

  /** Whether a connection URL names the main database (same host, port and database name). */
  isMain(connection: string): boolean {
    if (this.mainTarget.kind !== 'postgres') return false;
    try {
      const a = new URL(this.mainTarget.url);
      const b = new URL(connection);
      const port = (url: URL) => url.port || '5432';
      return a.hostname === b.hostname && port(a) === port(b) && a.pathname === b.pathname;
    } catch {
      return false;
    }
  }

  location(tenantId: string): TenantDbLocation {
    const target = this.target(tenantId);
    const ownConnection = !!this.known.get(tenantId)?.connection;
    if (target.kind === 'postgres')
      return { kind: 'postgres', location: withoutPassword(target.url), ownConnection };
    return { kind: 'pglite', location: target.dataDir ?? 'memory', ownConnection };
  }

  /** Whether the tenant's database exists (created, or named by its own connection). */
  async exists(tenantId: string): Promise<boolean> {
    if (this.opened.has(tenantId)) return true;
    const target = this.target(tenantId);
    if (this.known.get(tenantId)?.connection) return true;
    if (target.kind === 'pglite') {
      if (!target.dataDir) return this.inMemory.has(tenantId);
      return fs
        .stat(path.join(target.dataDir, 'PG_VERSION'))
        .then(() => true)
        .catch(() => false);
    }
    return postgresDatabaseExists((this.mainTarget as { url: string }).url, tenantDatabaseName(tenantId));
  }

  /**
   * initTenantDb: creates the tenant's database when missing (CREATE DATABASE on the main server,
   * a PGlite folder) and brings it to the latest migration with the global menus copied in.
   */
  async create(tenantId: string): Promise<Database> {
    const target = this.target(tenantId);
    if (
      target.kind === 'postgres' &&
      !this.known.get(tenantId)?.connection &&
      !(await this.exists(tenantId))
    ) {
      await createPostgresDatabase((this.mainTarget as { url: string }).url, tenantDatabaseName(tenantId));
    }
    return this.open(tenantId, true);
  }

  /** The tenant's database, opened once (migrated, menus copied) and kept open. */
  private open(tenantId: string, create: boolean): Promise<Database> {
    let pending = this.opened.get(tenantId);
    if (!pending) {
      pending = (async () => {
        if (!create && !(await this.exists(tenantId)))
          throw new AppError(409, 'tenantdb.notCreated', { id: tenantId });
        const db = await openDatabase(this.target(tenantId), this.options);
        try {
          await this.copyMenus(db, tenantId);
        } catch (error) {
          await db.close();
          throw error;
        }
        if (db.kind === 'pglite' && this.mainTarget.kind === 'pglite' && !this.mainTarget.dataDir)
          this.inMemory.add(tenantId);
        return db;
      })();
      this.opened.set(tenantId, pending);
      // A failed open is retried by the next request.
      pending.catch(() => this.opened.delete(tenantId));
    }
    return pending;
  }

  /** The open database of a database-type tenant (created when `create`; else 409 when missing). */
  get(tenantId: string, create = false): Promise<Database> {
    if (!this.isOwn(tenantId)) throw new Error(`Tenant ${tenantId} has no database of its own`);
    return create ? this.create(tenantId) : this.open(tenantId, false);
  }

  /**
   * Copies the main database's menus into a tenant database, ids kept (grants and the login tree
   * refer to them): menus gone from the main are deleted (their grants cascade), the rest upserted.
   * Menu changes are written to the main database (sys_menu is global), so a menu the tenant's
   * administrator added there is granted in the main database: that grant is copied over too.
   */
  async copyMenus(db: Database, tenantId: string): Promise<number> {
    const menus = await allMenus(this.main.global);
    const grants = await this.main.platform((trx) => tenantMenuGrants(trx, tenantId));
    await db.platform(async (trx) => {
      await copyMenusInto(trx, menus);
      // Only once the tenant row exists (initTenantData) can its grants be held.
      const seeded = await tenantRowExists(trx, tenantId);
      if (seeded && grants.length) await insertTenantMenuGrants(trx, grants);
    });
    this.menuEpochs.delete(tenantId);
    return menus.length;
  }

  /** The menu epoch each tenant database's copy of the menus was made at. */
  private readonly menuEpochs = new Map<string, string>();

  /**
   * Copies the menus again when they changed since the last copy (the global menu epoch moved):
   * called before a database-type tenant's principal is computed, a no-op for shared tenants.
   */
  async menusAt(tenantId: string, epoch: string): Promise<void> {
    if (!this.isOwn(tenantId) || this.menuEpochs.get(tenantId) === epoch) return;
    await this.copyMenus(await this.get(tenantId), tenantId);
    this.menuEpochs.set(tenantId, epoch);
  }

  /** The schema version (newest migration applied) of an open tenant database. */
  migrationVersion(db: Database): Promise<string | null> {
    return latestMigration(db.global);
  }

  /** Closes a tenant's database (after its tenant was deleted); the next use reopens it. */
  async release(tenantId: string): Promise<void> {
    const pending = this.opened.get(tenantId);
    if (!pending || this.inMemory.has(tenantId)) return;
    this.opened.delete(tenantId);
    await pending.then((db) => db.close()).catch(() => undefined);
  }

  /** The databases open now (for work that must reach every tenant database). */
  async openDatabases(): Promise<Database[]> {
    const settled = await Promise.allSettled(this.opened.values());
    return settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  }

  async close(): Promise<void> {
    const open = await this.openDatabases();
    this.opened.clear();
    await Promise.all(open.map((db) => db.close()));
    await this.main.close();
  }
}
