import type { Database } from '../db/database.js';
import type { SysOnlineUserTable } from '../db/schema.js';
import type { Insertable, Selectable } from 'kysely';
import { formatIso } from '../http/result.js';
import type { OnlineEntry } from './events.js';
import {
  countUserConnections,
  deleteOnlineConnection,
  deleteConnectionsExcept,
  deleteServerConnections,
  insertOnlineRow,
  liveServerIds,
  upsertServerHeartbeat,
} from './online-store.repo.js';

/** How often a process holding connections says it is alive, and when silence means it is gone. */
export const SERVER_HEARTBEAT_MS = 30_000;
export const SERVER_STALE_MS = 3 * SERVER_HEARTBEAT_MS;

export type OnlineRow = Selectable<SysOnlineUserTable>;
export type NewOnlineRow = Insertable<SysOnlineUserTable>;

export function toEntry(row: OnlineRow): OnlineEntry {
  return {
    connectionId: row.connectionId,
    userId: row.userId,
    account: row.account,
    realName: row.realName,
    time: formatIso(row.time),
    ip: row.ip,
    browser: row.browser,
    os: row.os,
    tenantId: row.tenantId,
  };
}

/** The hub's writes to sys_online_user: one row per open connection, in the session's tenant. */
export class OnlineStore {
  constructor(private readonly db: Database) {}

  add(row: NewOnlineRow): Promise<void> {
    return this.db.tenant(row.tenantId, (trx) => insertOnlineRow(trx, row));
  }

  remove(tenantId: string, connectionId: string): Promise<void> {
    return this.db.tenant(tenantId, (trx) => deleteOnlineConnection(trx, connectionId));
  }

  /** How many connections an account has open in a tenant (its first and last one are announced). */
  countUser(tenantId: string, userId: string): Promise<number> {
    return this.db.tenant(tenantId, (trx) => countUserConnections(trx, userId));
  }

  /** Records that this process (holding connections) is alive; see removeDeadServers. */
  heartbeat(serverId: string): Promise<void> {
    return this.db.platform((trx) => upsertServerHeartbeat(trx, serverId));
  }

  /**
   * Drops the rows of processes that stopped heartbeating (killed, crashed, lost their host): no
   * later run of theirs comes to clean up after them. The online-user cleanup job calls it.
   */
  async removeDeadServers(now = new Date()): Promise<number> {
    const live = await this.db.platform((trx) =>
      liveServerIds(trx, new Date(now.getTime() - SERVER_STALE_MS)),
    );
    let removed = 0;
    const own = this.db.tenantDatabases;
    for (const tenantId of own?.ownTenantIds() ?? []) {
      const tenantDb = await own!.get(tenantId).catch(() => undefined);
      removed += tenantDb ? await tenantDb.platform((trx) => deleteConnectionsExcept(trx, live)) : 0;
    }
    return removed + (await this.db.platform((trx) => deleteConnectionsExcept(trx, live)));
  }

  /** Drops the rows a process left behind (its previous run ended without closing them). */
  async removeServer(serverId: string): Promise<number> {
    // Tenants with a database of their own keep their rows there (one not created yet has none).
    let removed = 0;
    const own = this.db.tenantDatabases;
    for (const tenantId of own?.ownTenantIds() ?? []) {
      const tenantDb = await own!.get(tenantId).catch(() => undefined);
      removed += tenantDb ? await tenantDb.platform((trx) => deleteServerConnections(trx, serverId)) : 0;
    }
    const main = await this.db.platform((trx) => deleteServerConnections(trx, serverId));
    return removed + main;
  }
}
