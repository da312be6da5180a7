import type { Generated } from 'kysely';
import type { Id } from './column-types.js';

/** Open realtime connections (0006_online_users), written by the realtime hub. */
export interface SysOnlineUserTable {
  connectionId: string;
  /** The tenant the session works in (lists and messages are per tenant). */
  tenantId: Id;
  /** The account's own tenant, where its token family lives. */
  homeTenantId: Id;
  userId: Id;
  tokenFamily: Id;
  account: string;
  realName: string | null;
  time: Generated<Date>;
  ip: string | null;
  browser: string | null;
  os: string | null;
  /** The process holding the connection (host:port). */
  serverId: string;
}
