import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { APP_ROLE, KEYS_ROLE, PLATFORM_ROLE } from '../../platform/db/roles.js';

/**
 * Issue 8 (security):
 * - Sign-in lockout is keyed on the account itself (`u:<id>`, in the account's own tenant, so a super
 *   admin is locked everywhere) and only for names no account has on the typed name (`n:<name>`).
 * - Third-party sign-in providers remember the kind of account that last configured them: accounts
 *   of a higher kind may not sign in through a provider a lower one controls. Existing providers
 *   count as configured by a system admin (888) until the super admin saves them.
 * - The server's secrets (JWT secret, SM2 private key) leave the reach of the app and platform roles:
 *   only the keys role, taken for the one read at start-up, may read or add them. Row-level
 *   security (FORCE'd, one policy for the keys role) hides them from the table owner too, so a
 *   connection that resets its role to the login role (the owner) reads nothing either.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table sys_login_failure rename column account to subject`.execute(db);
  await sql`alter table sys_login_failure alter column subject type varchar(80)`.execute(db);
  await sql`update sys_login_failure f
            set subject = coalesce(
              (select 'u:' || u.id from sys_user u where u.tenant_id = f.tenant_id and lower(u.account) = f.subject),
              'n:' || f.subject)`.execute(db);

  await sql`alter table sys_oauth_provider add column manager_type smallint not null default 888`.execute(db);

  await sql.raw(`revoke all on sys_key from public, ${APP_ROLE}, ${PLATFORM_ROLE}`).execute(db);
  await sql.raw(`grant select, insert on sys_key to ${KEYS_ROLE}`).execute(db);
  await sql`alter table sys_key enable row level security`.execute(db);
  await sql`alter table sys_key force row level security`.execute(db);
  await sql
    .raw(`create policy sys_key_keys_role on sys_key to ${KEYS_ROLE} using (true) with check (true)`)
    .execute(db);
}
