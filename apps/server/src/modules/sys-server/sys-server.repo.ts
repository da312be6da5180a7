import { sql } from 'kysely';
import type { Sql } from '../../platform/db/database.js';

/** The database's own figures: its size on disk, its version and a round trip. */
export async function databaseFigures(db: Sql): Promise<{ size: number; latency: number }> {
  const started = performance.now();
  await sql`select 1`.execute(db);
  const latency = performance.now() - started;
  const { rows } = await sql<{ size: string }>`select pg_database_size(current_database()) as size`.execute(
    db,
  );
  return { size: Number(rows[0]?.size ?? 0), latency };
}

export async function databaseVersion(db: Sql): Promise<string> {
  const { rows } = await sql<{ version: string }>`select version() as version`.execute(db);
  return rows[0]?.version ?? '';
}
