import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import * as m0001 from '../../db/migrations/0001_foundation.js';

/** Forward-only migrations, in order. Add a new file and list it here; never edit a landed one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function migrateToLatest(db: Kysely<any>): Promise<void> {
  const migrator = new Migrator({
    db,
    provider,
    migrationTableName: 'lintel_migration',
    migrationLockTableName: 'lintel_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${(error as Error).message}`, { cause: error });
  }
}
