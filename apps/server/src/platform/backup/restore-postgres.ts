import path from 'node:path';
import { ensureRoles } from '../db/roles.js';
import type { Sql } from '../db/database.js';
import { createPostgresDatabase, postgresDatabaseExists } from '../db/tenant-databases.repo.js';
import { tenantDatabaseName, tenantDatabaseUrl } from '../db/tenant-databases.js';
import { BackupError, type BackupManifest } from './backup-manifest.js';
import { loginConnection } from './postgres-connection.js';
import { pgRestore } from './postgres-dump.js';
import { applyStatements, emptyDatabase, otherSessions, userObjects } from './postgres-target.repo.js';
import type { RestorePlan } from './restore.js';

interface Target {
  tenantId: string | null;
  url: string;
  member: string;
  exists: boolean;
  empty: boolean;
}

const label = (t: { tenantId: string | null }) =>
  t.tenantId ? `the database of tenant ${t.tenantId}` : 'DATABASE_URL';

/** Refuses a database a server (or anyone) is connected to; answers whether it holds anything. */
async function inspect(url: string, what: string): Promise<boolean> {
  const db = loginConnection(url);
  try {
    const sessions = await otherSessions(db);
    if (sessions.count)
      throw new BackupError(
        `${what} has ${sessions.count} other connection(s) (${sessions.names}): stop the Lintel servers ` +
          '(and other clients) using it before restoring',
      );
    const held = await userObjects(db);
    return held.relations + held.routines + held.schemas === 0;
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(
      `Cannot connect to ${what}: ${error instanceof Error ? error.message : String(error)}`,
    );
  } finally {
    await db.destroy();
  }
}

/**
 * Restore into PostgreSQL: the main database at DATABASE_URL and each database-type tenant's
 * database (lintel_t_<id> on the same server, created when missing). The roles are cluster objects
 * that pg_dump does not carry, so they are made first (ensureRoles, as at start-up); a database that
 * holds objects is emptied (with --force), then pg_restore brings back tables, rows, grants and
 * row-level security in one transaction per database.
 */
export async function planPostgresRestore(
  mainUrl: string,
  manifest: BackupManifest,
  staging: string,
): Promise<RestorePlan> {
  const targets: Target[] = [];
  for (const db of manifest.databases) {
    const url = db.tenantId ? tenantDatabaseUrl(mainUrl, db.tenantId) : mainUrl;
    const exists = db.tenantId
      ? await postgresDatabaseExists(mainUrl, tenantDatabaseName(db.tenantId))
      : true;
    const empty = exists ? await inspect(url, label(db)) : true;
    targets.push({ ...db, url, exists, empty });
  }
  return {
    occupied: targets.filter((t) => !t.empty).map((t) => `${label(t)} (it holds tables)`),
    async apply(say) {
      const main = loginConnection(mainUrl);
      try {
        await ensureRoles(main);
      } finally {
        await main.destroy();
      }
      for (const target of targets) {
        if (!target.exists) await createPostgresDatabase(mainUrl, tenantDatabaseName(target.tenantId!));
        const db: Sql = loginConnection(target.url);
        try {
          if (!target.empty) await db.transaction().execute((trx) => emptyDatabase(trx));
          const statements = await pgRestore(target.url, path.join(staging, target.member), staging);
          await db.transaction().execute((trx) => applyStatements(trx, statements));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new BackupError(`Restoring ${label(target)} failed: ${reason}`);
        } finally {
          await db.destroy();
        }
        say(
          `  ${target.tenantId ? `database of tenant ${target.tenantId}` : 'database'}: restored (pg_restore)${target.empty ? '' : ', after emptying it'}`,
        );
      }
    },
  };
}
