import { sql } from 'kysely';
import type { Sql } from '../db/database.js';

/** The cheapest question the database must answer: is it there and taking queries. */
export async function databaseAnswers(db: Sql): Promise<void> {
  await sql`select 1`.execute(db);
}
