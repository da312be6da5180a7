import { sql, type RawBuilder } from 'kysely';
import type { Sql, Trx } from '../db/database.js';

/**
 * The SQL of the backup tools on PostgreSQL: whether the login may read every row, who else is
 * connected, whether a database holds anything, emptying it, and the restoring login's default
 * privileges.
 */

/** Schemas of the server itself, never a restore's business. */
const SYSTEM_SCHEMA = sql`(n.nspname in ('pg_catalog', 'information_schema') or n.nspname like 'pg\\_%')`;

/** The login's name, and whether row-level security leaves it alone (a superuser or BYPASSRLS). */
export async function loginReadsEverything(db: Sql): Promise<{ login: string; everything: boolean }> {
  const { rows } = await sql<{ login: string; everything: boolean }>`
    select rolname as login, rolsuper or rolbypassrls as everything
      from pg_roles where rolname = session_user`.execute(db);
  return rows[0]!;
}

/** Client sessions on the current database other than this one (a server running on it). */
export async function otherSessions(db: Sql): Promise<{ count: number; names: string }> {
  const { rows } = await sql<{ count: number; names: string | null }>`
    select count(*)::int as count,
           string_agg(distinct coalesce(nullif(application_name, ''), usename::text), ', ') as names
      from pg_stat_activity
     where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`.execute(
    db,
  );
  return { count: rows[0]?.count ?? 0, names: rows[0]?.names ?? '' };
}

/** What the database holds outside the system schemas: tables and other relations, routines, schemas. */
export async function userObjects(
  db: Sql,
): Promise<{ relations: number; routines: number; schemas: number }> {
  const { rows } = await sql<{ relations: number; routines: number; schemas: number }>`
    select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
             where not ${SYSTEM_SCHEMA}) as relations,
           (select count(*)::int from pg_proc p join pg_namespace n on n.oid = p.pronamespace
             where not ${SYSTEM_SCHEMA}) as routines,
           (select count(*)::int from pg_namespace n where not ${SYSTEM_SCHEMA} and n.nspname <> 'public') as schemas`.execute(
    db,
  );
  return rows[0]!;
}

/**
 * Empties the database as the login that owns its objects, keeping the database itself, its schema
 * `public` and their grants (the administrator's set-up): every other schema goes whole (pg-boss's),
 * then the extensions, relations, routines and types in `public`. An object the login may not drop
 * fails the transaction, and nothing is dropped.
 */
export async function emptyDatabase(trx: Trx): Promise<void> {
  const names = async (query: RawBuilder<{ name: string }>) =>
    (await query.execute(trx)).rows.map((r) => r.name);
  for (const schema of await names(sql<{ name: string }>`
      select quote_ident(n.nspname) as name from pg_namespace n
       where not ${SYSTEM_SCHEMA} and n.nspname <> 'public'`))
    await sql.raw(`drop schema ${schema} cascade`).execute(trx);
  for (const extension of await names(sql<{ name: string }>`
      select quote_ident(e.extname) as name from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where n.nspname = 'public'`))
    await sql.raw(`drop extension if exists ${extension} cascade`).execute(trx);
  // Tables first: their cascade takes their indexes, policies, owned sequences and dependent views.
  const kinds: [string, string][] = [
    ["'r', 'p'", 'table'],
    ["'f'", 'foreign table'],
    ["'m'", 'materialized view'],
    ["'v'", 'view'],
    ["'S'", 'sequence'],
  ];
  for (const [relkinds, keyword] of kinds) {
    const relations = await names(sql<{ name: string }>`
        select 'public.' || quote_ident(c.relname) as name from pg_class c
          join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in (${sql.raw(relkinds)})`);
    if (relations.length)
      await sql.raw(`drop ${keyword} if exists ${relations.join(', ')} cascade`).execute(trx);
  }
  const routines = await names(sql<{ name: string }>`
      select p.oid::regprocedure::text as name from pg_proc p
        join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public'`);
  if (routines.length) await sql.raw(`drop routine if exists ${routines.join(', ')} cascade`).execute(trx);
  const types = await names(sql<{ name: string }>`
      select 'public.' || quote_ident(t.typname) as name from pg_type t
        join pg_namespace n on n.oid = t.typnamespace
       where n.nspname = 'public' and (t.typtype in ('e', 'd', 'r')
             or (t.typtype = 'c' and (select c.relkind from pg_class c where c.oid = t.typrelid) = 'c'))`);
  if (types.length) await sql.raw(`drop type if exists ${types.join(', ')} cascade`).execute(trx);
}

/** Runs the default-privilege statements of a restored archive (see pgRestore). */
export async function applyStatements(trx: Trx, statements: string[]): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(trx);
}
