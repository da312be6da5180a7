import { ConfigError, loadConfig, type Config } from '../config.js';
import { BackupError } from '../platform/backup/backup-manifest.js';

/**
 * What `npm run backup` and `npm run restore` share: the settings read as the server reads them,
 * relative paths (DATA_DIR, the archive) meant from where the user typed the command (npm runs root
 * scripts in the repository root and says where that was in INIT_CWD), and a refusal printed as one
 * line with exit code 1.
 */
export const userCwd = process.env.INIT_CWD ?? process.cwd();

export const say = (line: string) => process.stdout.write(`${line}\n`);

export async function runTool(tool: (config: Config) => Promise<void>): Promise<void> {
  try {
    await tool(loadConfig(process.env, userCwd));
  } catch (error) {
    if (error instanceof BackupError || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
