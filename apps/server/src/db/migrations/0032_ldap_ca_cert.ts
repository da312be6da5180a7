import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * A directory behind a private CA (a school's or a company's own): `sys_ldap.ca_cert` holds that
 * CA's certificate(s) as PEM, trusted for LDAPS and StartTLS of that setting alone. Null keeps the
 * public CAs Node.js trusts. A certificate is public, so it is stored as it is, not sealed.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_ldap add column ca_cert text`.execute(db);
}
