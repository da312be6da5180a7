import type { Trx } from '../db/database.js';

/** The SQL of the server's secrets (sys_key): run only as the keys role (Database.secrets). */

export function readServerKeys(trx: Trx) {
  return trx.selectFrom('sysKey').select(['name', 'value']).execute();
}

/** Inserts the keys not there yet; a key another process inserted first is kept (no error). */
export async function insertMissingServerKeys(
  trx: Trx,
  keys: { name: string; value: string }[],
): Promise<void> {
  await trx
    .insertInto('sysKey')
    .values(keys)
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}
