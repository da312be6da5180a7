import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** The role every request runs as: row-level security applies to it. */
export const APP_ROLE = 'lintel_app';
/** Taken explicitly (SET LOCAL ROLE) for the few cross-tenant operations; policies let it see all. */
export const PLATFORM_ROLE = 'lintel_platform';
/** Taken only to read or create the server's secrets (sys_key) at start-up; nothing else is granted to it. */
export const KEYS_ROLE = 'lintel_keys';
/** Taken (SET LOCAL ROLE) to run report SQL: SELECT on a few columns, its own tenant policies, nothing else. */
export const REPORT_ROLE = 'lintel_report';

/**
 * Creates the NOLOGIN roles if missing and lets the connecting user switch to them. Roles are
 * cluster-wide on PostgreSQL, so parallel starts may race: a duplicate is not an error.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- runs on any schema, before migrations
export async function ensureRoles(db: Kysely<any>): Promise<void> {
  for (const role of [APP_ROLE, PLATFORM_ROLE, KEYS_ROLE, REPORT_ROLE]) {
    try {
      await sql
        .raw(
          `do $$ begin
             if not exists (select 1 from pg_roles where rolname = '${role}') then
               create role ${role} nologin;
             end if;
           end $$`,
        )
        .execute(db);
    } catch (error) {
      if ((error as { code?: string }).code !== '23505' && (error as { code?: string }).code !== '42710') {
        throw error;
      }
    }
    const { rows } = await sql<{ member: boolean; superuser: boolean }>`
      select pg_has_role(current_user, ${role}, 'member') as member,
             (select rolsuper from pg_roles where rolname = current_user) as superuser`.execute(db);
    if (!rows[0]?.member && !rows[0]?.superuser) {
      await sql.raw(`grant ${role} to current_user`).execute(db);
    }
  }
}
