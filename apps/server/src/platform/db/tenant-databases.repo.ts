import { sql, type Selectable } from 'kysely';
import pg from 'pg';
import type { Sql, Trx } from './database.js';
import type { Menu, SysTenantMenuTable } from './schema.js';

type TenantMenu = Selectable<SysTenantMenuTable>;

/**
 * The SQL of tenant databases: which tenants have one (sys_tenant on the main database), the menus
 * copied into each, its schema version, and, on PostgreSQL, the database itself.
 */

export function tenantTypes(db: Sql) {
  return db.selectFrom('sysTenant').select(['id', 'tenantType', 'connection']).execute();
}

export function tenantTypeOf(db: Sql, tenantId: string) {
  return db
    .selectFrom('sysTenant')
    .select(['tenantType', 'connection'])
    .where('id', '=', tenantId)
    .executeTakeFirst();
}

export function allMenus(db: Sql): Promise<Menu[]> {
  return db.selectFrom('sysMenu').selectAll().execute();
}

/** The menus granted to a tenant (run where every tenant is visible). */
export function tenantMenuGrants(trx: Trx, tenantId: string): Promise<TenantMenu[]> {
  return trx.selectFrom('sysTenantMenu').selectAll().where('tenantId', '=', tenantId).execute();
}

export async function tenantRowExists(trx: Trx, tenantId: string): Promise<boolean> {
  const row = await trx.selectFrom('sysTenant').select('id').where('id', '=', tenantId).executeTakeFirst();
  return !!row;
}

/** Adds menu grants; grants already there are kept. */
export async function insertTenantMenuGrants(trx: Trx, grants: TenantMenu[]): Promise<void> {
  await trx
    .insertInto('sysTenantMenu')
    .values(grants)
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Upserts `menus` into a tenant database's sys_menu (ids kept) and deletes the ones not among them. */
export async function copyMenusInto(trx: Trx, menus: Menu[]): Promise<void> {
  const ids = menus.map((m) => m.id);
  let stale = trx.deleteFrom('sysMenu');
  if (ids.length) stale = stale.where('id', 'not in', ids);
  await stale.execute();
  for (let i = 0; i < menus.length; i += 200) {
    const chunk = menus.slice(i, i + 200);
    await trx
      .insertInto('sysMenu')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => {
          const set: Record<string, unknown> = {};
          for (const column of Object.keys(chunk[0]!)) {
            if (column !== 'id') set[column] = eb.ref(`excluded.${column}` as 'excluded.id');
          }
          return set;
        }),
      )
      .execute();
  }
}

/** The newest migration applied to a database (its schema version). */
export async function latestMigration(db: Sql): Promise<string | null> {
  const { rows } = await sql<{ name: string }>`
      select name from lintel_migration order by name desc limit 1`.execute(db);
  return rows[0]?.name ?? null;
}

/** Whether a database of that name exists on the PostgreSQL server of `serverUrl`. */
export async function postgresDatabaseExists(serverUrl: string, name: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    return !!rowCount;
  } finally {
    await client.end();
  }
}

/** CREATE DATABASE on the PostgreSQL server of `serverUrl`; one another process created first is fine. */
export async function createPostgresDatabase(serverUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } catch (error) {
    // Another process created it first.
    if ((error as { code?: string }).code !== '42P04') throw error;
  } finally {
    await client.end();
  }
}
