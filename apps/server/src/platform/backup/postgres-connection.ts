import { CamelCasePlugin, Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import type { Sql } from '../db/database.js';

/**
 * A connection as the login itself (not the app role), without migrations: the backup tools read
 * and write the database as it is, they do not upgrade it. One connection is enough.
 */
export function loginConnection(url: string): Sql {
  return new Kysely({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }),
    plugins: [new CamelCasePlugin()],
  });
}
