import { ConfigError, ServiceUnavailableError, type Config } from '../config.js';
import { openCache, type Cache } from './cache/index.js';
import { loadOrCreateKeys, type ServerKeys } from './crypto/keys.js';
import { openDatabase, PrivilegedLoginError, type Database, type DatabaseTarget } from './db/database.js';
import { TenantDatabases } from './db/tenant-databases.js';
import { DataDirError } from './db/data-dir.js';
import { AuditLog } from './audit/audit-log.js';
import { Sessions } from './auth/sessions.js';
import { TenantCache } from './auth/tenant-cache.js';
import { TokenCodec } from './auth/tokens.js';
import { createLogSmsProvider, type SmsProvider } from './sms/sms.js';
import { RealtimeHub } from './realtime/realtime-hub.js';
import { OutboundPolicy } from './net/outbound.js';
import { createLogger } from './logs/logger.js';
import type { FastifyBaseLogger } from 'fastify';

/** The long-lived services of one server process, built once and handed to the app and modules. */
export interface AppContext {
  config: Config;
  log: FastifyBaseLogger;
  db: Database;
  cache: Cache;
  keys: ServerKeys;
  codec: TokenCodec;
  tenants: TenantCache;
  sessions: Sessions;
  sms: SmsProvider;
  /** Operation and difference logs, written in batches off the request path. */
  audit: AuditLog;
  /** Online users over Socket.IO (attached to the HTTP server by buildApp). */
  realtime: RealtimeHub;
  /** Calls to other servers (OAuth providers): public addresses only, unless configured. */
  outbound: OutboundPolicy;
  close(): Promise<void>;
}

export interface ContextOptions {
  /** Overrides where the database lives (tests start from a template). */
  database?: DatabaseTarget;
  cache?: Cache;
  sms?: SmsProvider;
  log?: FastifyBaseLogger;
  /** See OpenOptions.guardNesting; on by default under NODE_ENV=test. */
  guardNesting?: boolean;
}

export function databaseTarget(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: `${config.dataDir}/db` };
}

export async function createContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const log = options.log ?? createLogger(config.logLevel);
  // The cache first: an unreachable Redis fails fast, before the database is opened.
  const cache =
    options.cache ??
    (await openCache(config.redisUrl, config.redisPrefix, log).catch((error: unknown) => {
      throw new ServiceUnavailableError('REDIS_URL', 'Redis', error);
    }));
  const target = options.database ?? databaseTarget(config);
  const openOptions = {
    guardNesting: options.guardNesting ?? config.nodeEnv === 'test',
    refusePrivilegedLogin: config.nodeEnv === 'production' && !config.databaseAllowSuperuser,
    onIdleConnectionError: (error: Error) => log.warn({ err: error }, 'PostgreSQL ended an idle connection'),
  };
  const main = await openDatabase(target, openOptions).catch(async (error: unknown) => {
    await cache.close();
    if (error instanceof PrivilegedLoginError) throw new ConfigError('DATABASE_URL', error.message);
    if (target.kind === 'postgres') throw new ServiceUnavailableError('DATABASE_URL', 'PostgreSQL', error);
    if (error instanceof DataDirError) throw new ConfigError('DATA_DIR', error.message);
    // PGlite says no more than "failed to initialize properly": the folder is what to look at.
    if (target.dataDir) {
      const said = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ');
      throw new ConfigError(
        'DATA_DIR',
        `${target.dataDir} cannot be opened as the embedded database (${said}): it is damaged or ` +
          'from another version; restore a backup or point DATA_DIR at another folder',
      );
    }
    throw error;
  });
  // Tenants with a database of their own: ctx.db sends their transactions there.
  const tenantDatabases = new TenantDatabases(main, target, openOptions);
  await tenantDatabases.load().catch(async (error: unknown) => {
    await main.close();
    await cache.close();
    throw error;
  });
  const db = tenantDatabases.database;
  const keys = await loadOrCreateKeys(db);
  const codec = new TokenCodec(keys.jwtSecret, config.accessTokenMinutes, config.refreshTokenMinutes);
  const tenants = new TenantCache(db, cache);
  const sessions = new Sessions(db, cache, tenants, codec, config);
  const audit = new AuditLog(db, log);
  const realtime = new RealtimeHub({ config, log, db, codec, sessions, tenants, cache });
  const outbound = new OutboundPolicy(config.allowPrivateHosts);
  return {
    config,
    log,
    db,
    cache,
    keys,
    codec,
    tenants,
    sessions,
    sms: options.sms ?? createLogSmsProvider(log),
    audit,
    realtime,
    outbound,
    async close() {
      await outbound.close();
      await audit.close();
      await cache.close();
      await db.close();
    },
  };
}
