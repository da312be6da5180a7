import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * The account list at scale (a million accounts): its default order (order_no, id) reads the first
 * page straight from an index, and the "created by me" branch of a data scope has an index of its
 * own, so the scope's organisation and owner conditions combine as a bitmap OR instead of a scan.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index sys_user_list_ix on sys_user (tenant_id, order_no, id)`.execute(db);
  await sql`create index sys_user_creator_ix on sys_user (tenant_id, create_user_id)`.execute(db);
}
