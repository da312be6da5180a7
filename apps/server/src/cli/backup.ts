import path from 'node:path';
import { parseArgs } from 'node:util';
import { backup, defaultBackupName } from '../platform/backup/backup.js';
import { runTool, say, userCwd } from './backup-cli.js';

/**
 * npm run backup [-- --out <file>]: the configured database (DATABASE_URL or the embedded one under
 * DATA_DIR, which no server may have open), the databases of database-type tenants and the uploaded
 * files, in one archive, by default backups/lintel-<UTC time>.tar.gz (platform/backup/backup.ts).
 */
const { values } = parseArgs({ options: { out: { type: 'string' } } });
const out = path.resolve(userCwd, values.out ?? path.join('backups', defaultBackupName()));
await runTool(async (config) => {
  await backup(config, out, say);
});
