import type { Insertable } from 'kysely';
import type { Trx } from '../db/database.js';
import type { SysOnlineUserTable } from '../db/schema.js';

/** The SQL of sys_online_user for the realtime hub: one row per open connection. */

export async function insertOnlineRow(trx: Trx, row: Insertable<SysOnlineUserTable>): Promise<void> {
  await trx.insertInto('sysOnlineUser').values(row).execute();
}

export async function deleteOnlineConnection(trx: Trx, connectionId: string): Promise<void> {
  await trx.deleteFrom('sysOnlineUser').where('connectionId', '=', connectionId).execute();
}

/** How many connections the user has open (in the transaction's tenant). */
export async function countUserConnections(trx: Trx, userId: string): Promise<number> {
  const row = await trx
    .selectFrom('sysOnlineUser')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('userId', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Deletes the rows of one server process; answers how many. */
export async function deleteServerConnections(trx: Trx, serverId: string): Promise<number> {
  const result = await trx.deleteFrom('sysOnlineUser').where('serverId', '=', serverId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Records that the process `serverId` is alive (it holds realtime connections). */
export async function upsertServerHeartbeat(trx: Trx, serverId: string): Promise<void> {
  await trx
    .insertInto('sysOnlineServer')
    .values({ serverId, heartbeatAt: new Date() })
    .onConflict((oc) => oc.column('serverId').doUpdateSet({ heartbeatAt: new Date() }))
    .execute();
}

/** The processes whose heartbeat is newer than `since`; older heartbeat rows are deleted. */
export async function liveServerIds(trx: Trx, since: Date): Promise<string[]> {
  await trx.deleteFrom('sysOnlineServer').where('heartbeatAt', '<=', since).execute();
  const rows = await trx.selectFrom('sysOnlineServer').select('serverId').execute();
  return rows.map((r) => r.serverId);
}

/** Deletes the rows of every process not in `live` (all of them when none is); answers how many. */
export async function deleteConnectionsExcept(trx: Trx, live: readonly string[]): Promise<number> {
  let query = trx.deleteFrom('sysOnlineUser');
  if (live.length) query = query.where('serverId', 'not in', live);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
