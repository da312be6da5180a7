import type { Kysely } from 'kysely';
import type { Migration, MigrationProvider } from 'kysely/migration';
import { Migrator } from 'kysely/migration';
import * as m0001 from '../../db/migrations/0001_foundation.js';
import * as m0002oauth from '../../db/migrations/0002_oauth.js';
import * as m0003 from '../../db/migrations/0003_schedule_file.js';
import * as m0004 from '../../db/migrations/0004_pos_code_unique.js';
import * as m0005 from '../../db/migrations/0005_audit_logs.js';
import * as m0006 from '../../db/migrations/0006_online_users.js';
import * as m0007 from '../../db/migrations/0007_tenant_soft_delete.js';
import * as m0008 from '../../db/migrations/0008_user_list_indexes.js';
import * as m0009 from '../../db/migrations/0009_security.js';

/** Forward-only migrations, in order. Add a new file and list it here; never edit a landed one. */
const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_oauth': m0002oauth,
  '0003_schedule_file': m0003,
  '0004_pos_code_unique': m0004,
  '0005_audit_logs': m0005,
  '0006_online_users': m0006,
  '0007_tenant_soft_delete': m0007,
  '0008_user_list_indexes': m0008,
  '0009_security': m0009,
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
