import { AsyncLocalStorage } from 'node:async_hooks';
import { PGlite } from '@electric-sql/pglite';
import type { Transaction } from 'kysely';
import { CamelCasePlugin, CompiledQuery, Kysely, PGliteDialect, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { DB } from './schema.js';
import { APP_ROLE, KEYS_ROLE, PLATFORM_ROLE, ensureRoles } from './roles.js';
import { migrateToLatest } from './migrate.js';
import { checkDataDir } from './data-dir.js';
import { DatabaseUnavailableError } from './unavailable.js';
import type { TenantDatabases } from './tenant-databases.js';

export type Sql = Kysely<DB>;
export type Trx = Transaction<DB>;

/** Where a database lives: an embedded PGlite folder (or tarball to start from), or a PostgreSQL URL. */
export type DatabaseTarget =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; poolSize?: number };

export interface Database {
  readonly kind: DatabaseTarget['kind'];
  /**
   * Global tables (tenant, menu, key). Runs as the app role with no tenant set, so a query on a
   * tenant-owned table here returns nothing: tenant data is only reached through `tenant()`.
   */
  readonly global: Sql;
  /** Runs `fn` in a transaction scoped to one tenant: row-level security shows only its rows. */
  tenant<T>(tenantId: string, fn: (db: Trx) => Promise<T>): Promise<T>;
  /** Runs `fn` in a transaction that sees every tenant. Only for explicit cross-tenant work. */
  platform<T>(fn: (db: Trx) => Promise<T>): Promise<T>;
  /** Runs `fn` as the keys role: the only one that reads the server's secrets (sys_key), at start-up. */
  secrets<T>(fn: (db: Trx) => Promise<T>): Promise<T>;
  /**
   * Runs `fn` as the login that owns the schema (it ran the migrations): only for the schema changes
   * the super admin makes with the database tools. Row-level security does not apply to the owner.
   */
  owner<T>(fn: (db: Trx) => Promise<T>): Promise<T>;
  /** Connections of the PostgreSQL pool (for /metrics); undefined on PGlite, which has one. */
  poolStats?(): { total: number; idle: number; waiting: number };
  /** The raw PGlite instance (tests dump it as a template); undefined on PostgreSQL. */
  readonly pglite?: PGlite;
  /**
   * On the routing handle (ctx.db): the databases of tenants with a database of their own, which
   * `tenant()` sends their transactions to. `global` and `platform()` stay on the main database.
   */
  readonly tenantDatabases?: TenantDatabases;
  close(): Promise<void>;
}

interface Scope {
  key: string;
  trx: Trx;
}

/** bigint (int8) and numeric stay decimal strings, as node-postgres returns them. */
const PGLITE_PARSERS = { 20: (v: string) => v, 1700: (v: string) => v, 1082: (v: string) => v };
/**
 * A `date` is a calendar day, YYYY-MM-DD (DateOnly in the table types), on both drivers: a Date
 * object would put it at midnight in some time zone and shift it across the date line.
 */
pg.types.setTypeParser(pg.types.builtins.DATE, (value: string) => value);

/**
 * PostgreSQL's default shared_buffers (128MB) is touched in full inside PGlite's WASM memory at
 * start: it was a quarter of the idle server's memory. 32MB keeps the catalogue and the hot pages;
 * the rest is read through the operating system's file cache (PGlite has no other process to share
 * the buffers with).
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

async function openPglite(target: Extract<DatabaseTarget, { kind: 'pglite' }>): Promise<PGlite> {
  if (target.dataDir) await checkDataDir(target.dataDir);
  return PGlite.create({
    ...(target.dataDir ? { dataDir: target.dataDir } : {}),
    ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
    parsers: PGLITE_PARSERS,
    relaxedDurability: !target.dataDir,
    startParams: PGLITE_START_PARAMS,
  });
}

/**
 * Opens the database, creates the roles, runs pending migrations as the owner, then hands out
 * handles that run as the non-superuser app role, so row-level security applies (superusers
 * bypass it even when FORCE'd).
 */
export interface OpenOptions {
  /**
   * Throw when tenant()/platform() is called inside another's callback, instead of waiting for
   * ever on PGlite's single connection. Costs an AsyncLocalStorage (promise hooks on every
   * request under Node 20), so it is meant for tests and development, not production.
   */
  guardNesting?: boolean;
  /** Told when PostgreSQL ends an idle pooled connection (default: a warning on stderr). */
  onIdleConnectionError?: (error: Error) => void;
  /**
   * Refuse a PostgreSQL login that is a superuser or BYPASSRLS (production): RESET ROLE on such a
   * connection would climb out of row-level security. Checked before anything is created.
   */
  refusePrivilegedLogin?: boolean;
}

/** The PostgreSQL login is a superuser or bypasses row-level security, and that was refused. */
export class PrivilegedLoginError extends Error {
  override name = 'PrivilegedLoginError';
}

/**
 * How long a query waits for a connection (a new one, or a free one of a busy pool) before its
 * request is answered 503: an unreachable host otherwise holds requests for minutes of TCP retries.
 */
const CONNECT_TIMEOUT_MS = 5_000;

/** The pool as Kysely sees it, with every failure to get a connection told as the database's. */
function unavailableWhenUnreachable(pool: pg.Pool) {
  return {
    options: pool.options,
    connect: () =>
      pool.connect().catch((error: unknown) => {
        throw new DatabaseUnavailableError(error);
      }),
    end: () => pool.end(),
  };
}

const warnIdleError = (error: Error) => console.warn(`PostgreSQL ended an idle connection: ${error.message}`);

async function refusePrivileged(db: Sql): Promise<void> {
  const { rows } = await sql<{ rolsuper: boolean; rolbypassrls: boolean; rolname: string }>`
    select rolname, rolsuper, rolbypassrls from pg_roles where rolname = session_user`.execute(db);
  const login = rows[0];
  if (login?.rolsuper || login?.rolbypassrls)
    throw new PrivilegedLoginError(
      `the login ${login.rolname} is a superuser or BYPASSRLS role; production connects as a login role ` +
        'holding lintel_app, lintel_platform and lintel_keys (README "Production database")',
    );
}

export async function openDatabase(target: DatabaseTarget, options: OpenOptions = {}): Promise<Database> {
  const plugins = [new CamelCasePlugin()];
  let db: Sql;
  let pool: pg.Pool | undefined;
  let pglite: PGlite | undefined;

  if (target.kind === 'pglite') {
    pglite = await openPglite(target);
    const owner = new Kysely<DB>({ dialect: new PGliteDialect({ pglite }), plugins });
    await ensureRoles(owner);
    await migrateToLatest(owner);
    // One connection: switching its session role makes every later query run as the app role.
    await sql.raw(`set role ${APP_ROLE}`).execute(owner);
    db = owner;
  } else {
    const owner = new Kysely<DB>({
      dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: target.url, max: 1 }) }),
      plugins,
    });
    try {
      if (options.refusePrivilegedLogin) await refusePrivileged(owner);
      await ensureRoles(owner);
      await migrateToLatest(owner);
    } finally {
      await owner.destroy();
    }
    pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
    });
    // An idle connection the server ends (restart, failover, a dropped test database) must not crash
    // the process: the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => (options.onIdleConnectionError ?? warnIdleError)(error));
    // A connection lost while lent out (PostgreSQL stopped under a request) fails its query, and
    // its client emits 'error' too: unheard, that event would end the process. The pool drops
    // the client when it comes back unqueryable.
    pool.on('connect', (client) => client.on('error', () => undefined));
    db = new Kysely<DB>({
      dialect: new PostgresDialect({
        pool: unavailableWhenUnreachable(pool),
        onCreateConnection: async (connection) => {
          await connection.executeQuery(CompiledQuery.raw(`set role ${APP_ROLE}`));
        },
      }),
      plugins,
    });
  }

  /**
   * Transactions do not nest: code inside a tenant() or platform() callback passes its `trx` down.
   * With guardNesting, a nested call throws (it would wait for ever on PGlite's one connection).
   */
  const scopes = options.guardNesting ? new AsyncLocalStorage<Scope>() : undefined;
  async function inScope<T>(key: string, setup: string, fn: (trx: Trx) => Promise<T>) {
    const current = scopes?.getStore();
    if (current)
      throw new Error(`Nested database scope ${key} inside ${current.key}: pass the transaction down`);
    return transaction(setup, (trx) => (scopes ? scopes.run({ key, trx }, () => fn(trx)) : fn(trx)));
  }

  /**
   * A transaction opened with its set-up statement (the tenant, the role). On PostgreSQL both go in
   * one round trip, `begin; <setup>` as one simple-protocol query (no parameters, so `setup` must be
   * a fixed text or built from checked values): a scoped read is then three round trips, not four,
   * and round trips were most of this process's CPU per request under load (bench:accounts).
   * PGlite answers in process, where Kysely's own transaction does the same work.
   */
  async function transaction<T>(setup: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    if (pglite) {
      return db.transaction().execute(async (trx) => {
        await sql.raw(setup).execute(trx);
        return fn(trx);
      });
    }
    return db.connection().execute(async (connection) => {
      await sql.raw(`begin; ${setup}`).execute(connection);
      let result: T;
      try {
        // The connection-bound instance builds and runs queries as a Transaction does; it lacks
        // only transaction(), which code inside a scope never calls (scopes do not nest).
        result = await fn(connection as unknown as Trx);
      } catch (error) {
        await sql
          .raw('rollback')
          .execute(connection)
          .catch(() => undefined);
        throw error;
      }
      await sql.raw('commit').execute(connection);
      return result;
    });
  }

  const open = pool;
  return {
    kind: target.kind,
    global: db,
    pglite,
    ...(open
      ? {
          poolStats: () => ({ total: open.totalCount, idle: open.idleCount, waiting: open.waitingCount }),
        }
      : {}),
    tenant(tenantId, fn) {
      // Written into the set-up text (see transaction()): only an id of digits may get there.
      if (!/^\d{1,19}$/.test(tenantId)) throw new Error(`Not a tenant id: ${JSON.stringify(tenantId)}`);
      return inScope(`tenant:${tenantId}`, `select set_config('app.tenant_id', '${tenantId}', true)`, fn);
    },
    platform(fn) {
      return inScope('platform', `set local role ${PLATFORM_ROLE}`, fn);
    },
    secrets(fn) {
      return inScope('secrets', `set local role ${KEYS_ROLE}`, fn);
    },
    owner(fn) {
      // Back from the app role to the session's login, for this transaction only.
      return inScope('owner', 'set local role none', fn);
    },
    async close() {
      await db.destroy();
    },
  };
}
