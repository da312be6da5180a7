import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** Position codes are unique per tenant, like organisation codes (0001 left them unconstrained). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create unique index sys_pos_code_uq on sys_pos (tenant_id, code) where code is not null`.execute(
    db,
  );
}
