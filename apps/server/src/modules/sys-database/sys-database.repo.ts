import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import { MIGRATION_TABLE } from '../../platform/db/migrate.js';

/**
 * The catalog queries of the database tools (pg_catalog, readable by every role) and the one place
 * a schema change is executed. Everything is in the `public` schema, where the product's tables are.
 */

interface TableRow {
  name: string;
  description: string | null;
  columnCount: number;
  estimatedRows: string;
}

export interface ColumnRow {
  tableName: string;
  dbColumnName: string;
  dataType: string;
  typname: string;
  length: number | null;
  precision: number | null;
  scale: number | null;
  isNullable: boolean;
  isPrimarykey: boolean;
  isIdentity: boolean;
  defaultValue: string | null;
  columnDescription: string | null;
  position: number;
}

export interface IndexRow {
  name: string;
  definition: string;
  isUnique: boolean;
  isPrimary: boolean;
}

export interface RelationRow {
  name: string;
  sourceTableName: string;
  sourceColumnName: string;
  targetTableName: string;
  targetColumnName: string;
}

const columnsQuery = (tableName: string | null) => sql<ColumnRow>`
  select c.relname as table_name,
         a.attname as db_column_name,
         format_type(a.atttypid, a.atttypmod) as data_type,
         t.typname,
         case when t.typname in ('varchar', 'bpchar') and a.atttypmod > 0 then a.atttypmod - 4 end as length,
         case when t.typname = 'numeric' and a.atttypmod > 0 then ((a.atttypmod - 4) >> 16) & 65535 end as precision,
         case when t.typname = 'numeric' and a.atttypmod > 0 then (a.atttypmod - 4) & 65535 end as scale,
         not a.attnotnull as is_nullable,
         coalesce(pk.indisprimary, false) as is_primarykey,
         a.attidentity <> '' as is_identity,
         pg_get_expr(d.adbin, d.adrelid) as default_value,
         col_description(a.attrelid, a.attnum) as column_description,
         a.attnum::int as position
    from pg_attribute a
    join pg_class c on c.oid = a.attrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    left join pg_index pk on pk.indrelid = a.attrelid and pk.indisprimary and a.attnum = any(pk.indkey)
   where n.nspname = 'public' and c.relkind in ('r', 'p') and a.attnum > 0 and not a.attisdropped
     and (${tableName}::text is null or c.relname = ${tableName})
   order by c.relname, a.attnum`;

export class SysDatabaseRepo {
  async tables(trx: Trx): Promise<TableRow[]> {
    const { rows } = await sql<TableRow>`
      select c.relname as name,
             obj_description(c.oid, 'pg_class') as description,
             (select count(*)::int from pg_attribute a
               where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped) as column_count,
             greatest(c.reltuples, 0)::bigint as estimated_rows
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'p')
       order by c.relname`.execute(trx);
    return rows;
  }

  async tableExists(trx: Trx, tableName: string): Promise<boolean> {
    const { rows } = await sql<{ found: boolean }>`
      select exists (
        select 1 from pg_class c join pg_namespace n on n.oid = c.relnamespace
         where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname = ${tableName}
      ) as found`.execute(trx);
    return rows[0]?.found ?? false;
  }

  /** Columns of one table, or of every table when `tableName` is null. */
  async columns(trx: Trx, tableName: string | null): Promise<ColumnRow[]> {
    return (await columnsQuery(tableName).execute(trx)).rows;
  }

  async indexes(trx: Trx, tableName: string): Promise<IndexRow[]> {
    const { rows } = await sql<IndexRow>`
      select i.relname as name, pg_get_indexdef(x.indexrelid) as definition,
             x.indisunique as is_unique, x.indisprimary as is_primary
        from pg_index x
        join pg_class i on i.oid = x.indexrelid
        join pg_class c on c.oid = x.indrelid
        join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relname = ${tableName}
       order by x.indisprimary desc, i.relname`.execute(trx);
    return rows;
  }

  /** Foreign keys, one row per column pair; of one table (either side) or of all. */
  async relations(trx: Trx, tableName: string | null): Promise<RelationRow[]> {
    const { rows } = await sql<RelationRow>`
      select con.conname as name,
             src.relname as source_table_name, sa.attname as source_column_name,
             tgt.relname as target_table_name, ta.attname as target_column_name
        from pg_constraint con
        join pg_class src on src.oid = con.conrelid
        join pg_class tgt on tgt.oid = con.confrelid
        join pg_namespace n on n.oid = src.relnamespace
        cross join lateral unnest(con.conkey, con.confkey) as k(source_att, target_att)
        join pg_attribute sa on sa.attrelid = con.conrelid and sa.attnum = k.source_att
        join pg_attribute ta on ta.attrelid = con.confrelid and ta.attnum = k.target_att
       where con.contype = 'f' and n.nspname = 'public'
         and (${tableName}::text is null or src.relname = ${tableName} or tgt.relname = ${tableName})
       order by src.relname, con.conname`.execute(trx);
    return rows;
  }

  /** The first `limit` rows of a table by id (the seed export), as JSON values. */
  async rows(trx: Trx, tableName: string, orderBy: string | null, limit: number): Promise<unknown[]> {
    const order = orderBy ? sql`order by ${sql.ref(orderBy)}` : sql``;
    const { rows } = await sql<{ row: unknown }>`
      select to_jsonb(t) as row from ${sql.table(tableName)} as t ${order} limit ${limit}`.execute(trx);
    return rows.map((r) => r.row);
  }

  /** Runs checked DDL (ddl-statements.ts), as the schema's owner. */
  async execute(trx: Trx, statements: readonly string[]): Promise<void> {
    for (const statement of statements) await sql.raw(statement).execute(trx);
  }

  /** Marks a migration as run on this database: it was applied here when it was written. */
  async recordMigration(trx: Trx, name: string): Promise<void> {
    await sql`insert into ${sql.table(MIGRATION_TABLE)} (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(
      trx,
    );
  }
}
