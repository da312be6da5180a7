import path from 'node:path';
import { parseArgs } from 'node:util';
import { restore } from '../platform/backup/restore.js';
import { BackupError } from '../platform/backup/backup-manifest.js';
import { runTool, say, userCwd } from './backup-cli.js';

/**
 * npm run restore -- <file> [--force]: checks the archive and restores it into the configured
 * database and DATA_DIR/upload; a target that holds data is replaced only with --force
 * (platform/backup/restore.ts).
 */
const { values, positionals } = parseArgs({
  options: { force: { type: 'boolean' } },
  allowPositionals: true,
});
await runTool(async (config) => {
  if (positionals.length !== 1) throw new BackupError('Usage: npm run restore -- <backup file> [--force]');
  await restore(config, path.resolve(userCwd, positionals[0]!), { force: !!values.force }, say);
});
