import type { Kysely } from 'kysely';
import type { MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import { MIGRATIONS } from '../../db/migrations/index.js';

/** The migrations table; the database tools record a change they applied themselves in it. */
export const MIGRATION_TABLE = 'lintel_migration';

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: MIGRATION_TABLE,
    migrationLockTableName: 'lintel_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message}`, { cause: error });
  }
}
